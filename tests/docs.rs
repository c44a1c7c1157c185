//! The documents' examples replayed through the real binary, so that what a reader checks by
//! hand holds:
//! - every diagram of `docs/rules.md` is the engine's `d` drawing of the position string
//!   under it, and every worked example (`<string>` + `<moves>` → `<string>`) is what the
//!   engine plays;
//! - the README's commands: the session to paste, the perft example, the subcommands' rule
//!   flags;
//! - the README's variant table is the table of games, and the protocol's `Variant` row lists
//!   its presets;
//! - the protocol's table of options is what the engine announces, and the GoGui guide
//!   lists every engine flag of GTP mode.

mod common;

use common::binary::{run_fails, run_ok, Session};

const RULES_MD: &str = include_str!("../docs/rules.md");
const README: &str = include_str!("../README.md");
const PROTOCOL_MD: &str = include_str!("../protocol/README.md");
const GOGUI_MD: &str = include_str!("../docs/gogui.md");

/// One board of a diagram: its rows from the top, and the pieces in hand written under it.
#[derive(Default, Debug)]
struct Panel {
    rows: Vec<String>,
    hand: Option<(u32, u32)>,
}

/// The boards of a diagram, side by side in the text: each drawn row is a rank number and
/// the squares' letters; the k-th row of a line belongs to the k-th board.
fn panels(diagram: &[&str]) -> Vec<Panel> {
    let mut panels: Vec<Panel> = Vec::new();
    for line in diagram {
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut k = 0;
        let mut i = 0;
        while i < words.len() {
            if words[i] == "hand:" && i + 3 < words.len() {
                let white = words[i + 2].trim_end_matches(',').parse().unwrap();
                let black = words[i + 4].trim_end_matches(',').parse().unwrap();
                while panels.len() <= k {
                    panels.push(Panel::default());
                }
                panels[k].hand = Some((white, black));
                k += 1;
                i += 5;
                continue;
            }
            let squares = words[i + 1..]
                .iter()
                .take_while(|w| w.len() == 1 && ".wbWB".contains(**w))
                .count();
            if words[i].parse::<u32>().is_ok() && squares > 0 {
                while panels.len() <= k {
                    panels.push(Panel::default());
                }
                let rank = words[i];
                let row = words[i + 1..=i + squares].join(" ");
                panels[k].rows.push(format!("{rank:>2}  {row}"));
                k += 1;
                i += squares + 1;
            } else {
                i += 1;
            }
        }
    }
    panels
}

/// The text between backticks, in order.
fn quoted(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// A worked example: a position string (or the start position), moves, and what follows:
/// each resulting string with the note after it (`(rule 6 alone)`, `(with CornerCapture)`).
#[derive(Debug)]
struct Example {
    start: Option<String>,
    moves: String,
    results: Vec<(String, String)>,
}

/// Reads `<string>` + `<moves>` → `<string>` [(note)][, `<string>` (note)] from a paragraph.
fn example(paragraph: &str) -> Option<Example> {
    let (left, right) = paragraph.split_once(" → ")?;
    let (before, moves) = left.rsplit_once(" + ")?;
    let start = quoted(before).first().map(|s| s.to_string());
    assert!(
        start.is_some() || before.ends_with("The start position"),
        "{paragraph}"
    );
    let moves = quoted(moves).first()?.to_string();
    // Between backticks the strings, after each its note.
    let pieces: Vec<&str> = right.split('`').collect();
    let results = (1..pieces.len())
        .step_by(2)
        .map(|j| {
            let note = pieces.get(j + 1).copied().unwrap_or("");
            (pieces[j].to_string(), note.trim().to_string())
        })
        .collect();
    Some(Example {
        start,
        moves,
        results,
    })
}

/// The game and the rule option a section of the rules document plays under: a section titled
/// as a game of the table of games plays that game, one titled as a Ming Mang option plays
/// Ming Mang with it, any other Ming Mang.
fn section_rules(heading: &str) -> (&'static str, Option<&'static str>) {
    use mingmang::rules::{GAMES, RULE_OPTIONS};
    if let Some(game) = GAMES.iter().find(|g| g.title == heading) {
        return (game.name, None);
    }
    let option = RULE_OPTIONS
        .iter()
        .find(|o| o.ming_mang_only && o.spec.name == heading)
        .map(|o| o.spec.name);
    ("mingmang", option)
}

/// The engine under the rules of `variant` with `option` on (and the other three off).
fn set_rules(e: &mut Session, variant: &str, option: Option<&str>) {
    e.send(&format!("setoption name Variant value {variant}"));
    e.send("setoption name BoardSize value auto");
    if variant == "mingmang" {
        for o in [
            "EnchainedCapture",
            "Territory",
            "CornerCapture",
            "LastPieceLeap",
        ] {
            let on = option == Some(o);
            e.send(&format!("setoption name {o} value {on}"));
        }
    }
    assert!(e.sync().is_empty(), "{variant} {option:?}");
}

/// The `d` drawing of the current game: its board rows and the pieces in hand.
fn drawing(e: &mut Session) -> Panel {
    e.send("d");
    let lines = e.sync();
    let rows = lines
        .iter()
        .take_while(|l| !l.trim_start().starts_with('a'))
        .cloned()
        .collect();
    let hand = lines.iter().find_map(|l| {
        let w: Vec<&str> = l.strip_prefix("in hand white ")?.split(' ').collect();
        Some((w[0].parse().ok()?, w[2].parse().ok()?))
    });
    Panel { rows, hand }
}

/// Compares a diagram's board with the engine's drawing of the game it stands for.
fn same_board(panel: &Panel, drawn: &Panel, what: &str) {
    assert_eq!(
        panel.rows, drawn.rows,
        "{what}: the diagram is not the position"
    );
    if let Some(hand) = panel.hand {
        assert_eq!(
            Some(hand),
            drawn.hand.or(Some((0, 0))),
            "{what}: pieces in hand"
        );
    }
}

#[test]
fn every_diagram_and_example_of_the_rules_document_is_the_engines() {
    let mut e = Session::start(&[]);
    let lines: Vec<&str> = RULES_MD.lines().collect();
    let mut heading = "";
    let (mut diagrams, mut examples) = (0, 0);
    let mut i = 0;
    while i < lines.len() {
        if let Some(h) = lines[i].strip_prefix("### ") {
            heading = h;
        }
        if lines[i].starts_with("## ") {
            heading = "";
        }
        let mut diagram = None;
        if lines[i] == "```" {
            let end = i + 1 + lines[i + 1..].iter().position(|l| *l == "```").unwrap();
            diagram = Some(panels(&lines[i + 1..end]));
            i = end + 1;
            while lines[i].is_empty() {
                i += 1;
            }
        }
        // The paragraph at line i.
        let end = i + lines[i..].iter().position(|l| l.is_empty()).unwrap_or(0);
        let paragraph = lines[i..end.max(i + 1)].join(" ");
        let (variant, section_option) = section_rules(heading);
        let what = format!("{heading}: {paragraph}");
        if let Some(panels) = &diagram {
            diagrams += 1;
            if let Some(rest) = paragraph.strip_prefix("Position string: ") {
                set_rules(&mut e, variant, section_option);
                e.send(&format!("position fen {}", quoted(rest)[0]));
                assert_eq!(panels.len(), 1, "{what}");
                same_board(&panels[0], &drawing(&mut e), &what);
            } else {
                let ex = example(&paragraph)
                    .unwrap_or_else(|| panic!("a diagram without its position strings: {what}"));
                assert_eq!(panels.len(), 1 + ex.results.len(), "{what}");
            }
        }
        if let Some(ex) = example(&paragraph) {
            examples += 1;
            for (k, (expected, note)) in ex.results.iter().enumerate() {
                let option = if note.contains("rule 6 alone") {
                    None
                } else {
                    section_option
                };
                set_rules(&mut e, variant, option);
                let start = match &ex.start {
                    Some(s) => format!("fen {s}"),
                    None => "startpos".to_string(),
                };
                e.send(&format!("position {start}"));
                let before = drawing(&mut e);
                e.send(&format!("position {start} moves {}", ex.moves));
                assert_eq!(&e.ask("query fen"), expected, "{what}");
                if let Some(panels) = &diagram {
                    same_board(&panels[0], &before, &what);
                    same_board(&panels[k + 1], &drawing(&mut e), &what);
                }
            }
        }
        i = end.max(i + 1);
    }
    // Every diagram and example is checked (one the parser missed would lower the count).
    assert_eq!((diagrams, examples), (42, 35));
    e.finish();
}

/// The rules document's table of rulings: every row gives the question, the sources' own
/// words (or says they say nothing) and the ruling; the rulings made where the sources are
/// silent are all in it.
#[test]
fn every_ruling_quotes_its_sources() {
    let table = RULES_MD.split("### Every ruling").nth(1).unwrap();
    let rows: Vec<Vec<&str>> = table
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| question") && !l.starts_with("| ---"))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            cells[1..cells.len() - 1].to_vec()
        })
        // The rows that head the Ming Mang and the relatives' parts have one cell.
        .filter(|row| !row[1..].iter().all(|c| c.is_empty()))
        .collect();
    assert!(rows.len() >= 30, "{} rows", rows.len());
    for row in &rows {
        assert_eq!(row.len(), 3, "{row:?}");
        assert!(row[1].contains('"') || row[1] == "nothing", "{row:?}");
        assert!(!row[2].is_empty(), "{row:?}");
    }
    let rulings: String = rows.iter().map(|r| r[2]).collect::<Vec<_>>().join(" ");
    for ruling in [
        "the side to move",
        "whole lines",
        "until nothing changes",
        "controls",
        "exactly half included",
        "a pass is never banned",
        "no pieces cannot pass",
        "They can",
        "placing captures nothing",
        "loses",
        "the other reading",
        "intervention still takes a corner piece",
    ] {
        assert!(
            rulings.to_lowercase().contains(&ruling.to_lowercase()),
            "{ruling}"
        );
    }
}

/// The lines of the first code block after the paragraph of `text` that contains `marker`.
fn block_after<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
    let from = text
        .find(marker)
        .unwrap_or_else(|| panic!("{marker:?} not found"));
    let rest = &text[from..];
    let start = rest.find("\n```").expect("a code block") + 4;
    let rest = &rest[start..];
    let rest = &rest[rest.find('\n').unwrap() + 1..];
    rest[..rest.find("```").unwrap()].lines().collect()
}

/// The README's session, pasted at once as its text invites, gets every answer the text
/// describes, in order: the greeting, the legal moves, the search's `bestmove`; then the move
/// it names is played the way the text says, and `d` shows the board.
#[test]
fn the_readme_session_works_when_pasted() {
    let session = block_after(README, "Type or paste these lines");
    assert_eq!(
        session,
        ["ugi", "position startpos", "query moves", "go depth 6"]
    );
    let mut e = Session::start(&[]);
    e.send(&session.join("\n"));
    e.until(|l| l == "ugiok");
    let moves = e.line();
    assert_eq!(
        moves.strip_prefix("response ").unwrap().split(' ').count(),
        72,
        "{moves}"
    );
    let (_, best) = e.bestmove();
    let example = README
        .split('`')
        .find(|q| q.starts_with("position startpos moves "))
        .expect("the README shows how to play the move");
    e.send(&format!("position startpos moves {best}"));
    e.send("d");
    let board = e.sync();
    assert!(board[0].starts_with(" 8  w b b b"), "{board:?}");
    // The README's own example move is legal from the start too.
    e.send(example);
    assert!(e.sync().is_empty(), "{example}");
    e.finish();
}

/// The perft example of the README and of `perft --help` plays legal moves.
#[test]
fn the_perft_examples_are_legal() {
    let help = run_ok(&["perft", "--help"]);
    let from_help = help
        .split("e.g. \"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let from_readme = README
        .split("--moves \"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    for moves in [from_help, from_readme] {
        let out = run_ok(&["perft", "--depth", "1", "--moves", moves]);
        assert!(out.contains("nodes "), "{moves}: {out}");
    }
}

/// The README's variant table, row for row, is the table of games: each preset in order with
/// its game's title (and, on the game's own row, its documentation line), its board (with
/// `--size` where the game takes any) and, on the game's own row, its start position string,
/// or `as` the earlier row with the same start.
#[test]
fn the_readme_variant_table_is_the_table_of_games() {
    use mingmang::rules::{format_position, Game, Preset, Rules};
    let section = README.split("## Variants").nth(1).unwrap();
    let rows: Vec<&str> = section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .collect();
    let mut expected = Vec::new();
    let mut starts: Vec<(String, &str)> = Vec::new();
    for preset in Preset::ALL {
        let entry = preset.game().entry();
        let own = Preset::of_game(preset.game()) == preset;
        let game = if own {
            format!("{}: {}", entry.title, entry.doc)
        } else {
            entry.title.to_string()
        };
        let mut board = preset.size().to_string();
        if own && entry.family.fixed_size.is_none() {
            board += ", or `--size`";
        }
        let start = if own {
            let text = format_position(Game::new(Rules::preset(preset)).position());
            let earlier = starts.iter().find(|(s, _)| *s == text).map(|(_, n)| *n);
            starts.push((text.clone(), preset.name()));
            match earlier {
                Some(name) => format!("as `{name}`"),
                None => format!("`{text}`"),
            }
        } else {
            String::new()
        };
        // An empty cell is written `| |`.
        let start = if start.is_empty() {
            start
        } else {
            format!(" {start}")
        };
        expected.push(format!("| `{preset}` | {game} | {board} |{start} |"));
    }
    assert_eq!(rows, expected);
}

/// The protocol specification's `Variant` option lists every preset of the table of games, in
/// its order (the order the engine announces them).
#[test]
fn the_protocol_variant_row_lists_the_presets() {
    use mingmang::rules::Preset;
    let row = PROTOCOL_MD
        .lines()
        .find(|l| l.starts_with("| `Variant` | combo |"))
        .expect("the protocol lists the Variant option");
    let choices = row.split('|').nth(3).unwrap();
    let expected: Vec<String> = Preset::ALL.iter().map(|p| format!("`{p}`")).collect();
    assert_eq!(choices.trim(), expected.join(", "));
}

/// The subcommands the README says take the rule flags take them; those it says take none
/// refuse them.
#[test]
fn the_rule_flags_are_where_the_readme_says() {
    let paragraph = README
        .split("\n\n")
        .find(|p| p.starts_with("The rule flags"))
        .unwrap();
    let (with, without) = paragraph.split_once("`bench` takes").unwrap();
    let takers: Vec<&str> = quoted(with)
        .into_iter()
        .filter(|q| !q.starts_with("--"))
        .collect();
    assert_eq!(takers, ["perft", "gtp", "match", "datagen"]);
    for sub in takers {
        assert!(
            run_ok(&[sub, "--help"]).contains("--enchained-capture"),
            "{sub}"
        );
    }
    assert!(without.contains("`tune` and `train` take none"));
    run_fails(&["tune", "--variant", "rek"], "--variant");
    run_fails(&["train", "--variant", "rek"], "--variant");
    let bench = run_ok(&["bench", "--help"]);
    assert!(bench.contains("--variant") && !bench.contains("--size"));
}

/// Every subcommand's `--help` names a flag's value the same way (`--hash <MIB>` everywhere,
/// not `<HASH>` in one place), shows the defaults of the table size and strength wherever the
/// flags appear, and says what the strength levels are in one plain phrase.
#[test]
fn help_texts_agree() {
    let mut names: Vec<(String, String, String)> = Vec::new();
    for sub in ["", "perft", "gtp", "match", "datagen", "tune", "bench"] {
        let args: Vec<&str> = [sub, "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let help = run_ok(&args);
        for line in help.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(i) = words.iter().position(|w| w.starts_with("--")) else {
                continue;
            };
            if let Some(value) = words.get(i + 1).filter(|w| w.starts_with('<')) {
                let flag = words[i].trim_end_matches(',').to_string();
                names.push((flag.clone(), value.to_string(), sub.to_string()));
                if flag == "--hash" {
                    assert!(line.ends_with("[default: 16]"), "{sub}: {line}");
                }
                if flag == "--skill" {
                    assert!(
                        line.contains("0 (weakest) to 20, full strength")
                            && line.ends_with("[default: 20]"),
                        "{sub}: {line}"
                    );
                }
            }
        }
    }
    for (flag, value, sub) in &names {
        for (other_flag, other_value, other_sub) in &names {
            assert!(
                flag != other_flag || value == other_value,
                "{flag} {value} in '{sub}' but {other_value} in '{other_sub}'"
            );
        }
    }
    assert!(names.iter().filter(|(f, _, _)| f == "--hash").count() >= 3);
}

/// Started in a terminal, the engine says on stderr that it waits for commands; through a
/// pipe, as front ends run it, it says nothing. (The terminal needs `script`, from
/// util-linux; where it is missing only the pipe is checked.)
#[test]
fn a_terminal_gets_a_greeting_and_a_pipe_does_not() {
    let mut e = Session::start_capturing_stderr(&[]);
    e.send("isready");
    assert_eq!(e.line(), "readyok");
    let (_, err) = e.finish();
    assert!(err.is_empty(), "{err}");
    let (_, err) = Session::start_gtp_capturing_stderr(&[]).finish();
    assert!(err.is_empty(), "{err}");
    let bin = common::binary::bin();
    for (args, words) in [
        ("", "waiting for protocol commands"),
        (" gtp", "GTP mode, waiting"),
    ] {
        let Ok(out) = std::process::Command::new("script")
            .args(["-qec", &format!("{bin}{args}"), "/dev/null"])
            .env_remove("RUST_LOG")
            .stdin(std::process::Stdio::null())
            .output()
        else {
            return;
        };
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(words), "{text}");
    }
}

/// The protocol's table of options (name, type, range, default) lists every option the
/// engine announces after `ugi`, in the same order, with the same type, default and range.
#[test]
fn the_protocol_options_table_is_what_the_engine_announces() {
    let mut e = Session::start(&[]);
    e.send("ugi");
    let announced: Vec<String> = e
        .until(|l| l == "ugiok")
        .into_iter()
        .filter_map(|l| l.strip_prefix("option name ").map(str::to_string))
        .collect();
    let section = PROTOCOL_MD.split("\n## Options\n").nth(1).unwrap();
    let rows: Vec<Vec<String>> = section
        .lines()
        .skip_while(|l| !l.starts_with("| `"))
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().trim_matches('`').to_string())
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), announced.len(), "{rows:?}");
    for (row, line) in rows.iter().zip(&announced) {
        let (name, kind, range, default) = (&row[0], &row[1], &row[2], &row[3]);
        let expected = format!("{name} type {kind}");
        assert!(line.starts_with(&expected), "{line} is not {expected}");
        if kind == "button" {
            continue;
        }
        assert!(
            line.contains(&format!(" default {default}")),
            "{line}: {row:?}"
        );
        if kind == "spin" && name != "Hash" {
            // "0 .. 20": the announced min and max.
            let (min, max) = range.split_once(" .. ").unwrap();
            assert!(
                line.ends_with(&format!("min {min} max {max}")),
                "{line}: {range}"
            );
        }
    }
    e.send("quit");
}

/// The GoGui guide's table of flags names every flag `mingmang gtp` takes.
#[test]
fn the_gogui_guide_lists_every_gtp_flag() {
    let help = run_ok(&["gtp", "--help"]);
    for flag in help
        .split_whitespace()
        .filter(|w| w.starts_with("--") && *w != "--help")
    {
        let flag = flag.trim_end_matches(',');
        assert!(
            GOGUI_MD.contains(&format!("`{flag}")),
            "{flag} is not in docs/gogui.md"
        );
    }
}

/// The README's layout names every source file of every crate (a `mod.rs` through its folder),
/// so a newcomer finds each module there; a file added without its line fails here.
#[test]
fn the_readme_layout_names_every_module() {
    let layout = README
        .split("\n## Layout\n")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("README has a Layout section");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    for dir in [
        "crates/rules/src",
        "src",
        "crates/tools/src",
        "web/src",
        "python/src",
    ] {
        let mut stack = vec![root.join(dir)];
        while let Some(folder) = stack.pop() {
            for entry in std::fs::read_dir(&folder).unwrap() {
                let path = entry.unwrap().path();
                let name = path.file_name().unwrap().to_string_lossy().to_string();
                if path.is_dir() {
                    if !layout.contains(&format!("{name}/")) {
                        missing.push(path.display().to_string());
                    }
                    stack.push(path);
                } else if name.ends_with(".rs") && name != "mod.rs" && !layout.contains(&name) {
                    missing.push(path.display().to_string());
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the README's layout does not name {missing:?}"
    );
}

/// The anchor GitHub gives a Markdown heading: lower case, spaces to hyphens, and every
/// character but letters, digits, hyphens and underscores dropped.
fn heading_anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// BENCHMARKS.md stays a one-page reference (at most 250 lines, none over 200 characters),
/// and every link from it into the history lands on a heading there.
#[test]
fn the_benchmarks_page_is_one_page_and_its_history_links_land() {
    let page = include_str!("../BENCHMARKS.md");
    let history = include_str!("../docs/benchmarks-history.md");
    let lines = page.lines().count();
    assert!(lines <= 250, "BENCHMARKS.md has {lines} lines");
    for (number, line) in page.lines().enumerate() {
        let chars = line.chars().count();
        assert!(
            chars <= 200,
            "BENCHMARKS.md line {} has {chars} characters",
            number + 1
        );
    }
    let anchors: Vec<String> = history
        .lines()
        .filter(|line| line.starts_with('#'))
        .map(|line| heading_anchor(line.trim_start_matches('#')))
        .collect();
    let marker = "benchmarks-history.md#";
    let mut links = 0;
    for (at, _) in page.match_indices(marker) {
        let rest = &page[at + marker.len()..];
        let anchor = &rest[..rest.find(')').expect("a link ends with ')'")];
        assert!(
            anchors.iter().any(|a| a == anchor),
            "no heading of docs/benchmarks-history.md has the anchor #{anchor}"
        );
        links += 1;
    }
    assert!(links >= 2, "{links} links into the history");
}
