//! Shards that can be trusted: match summaries and data files say what they are, and every
//! way of combining them that would give a wrong number with no warning is refused or counted
//! right. Each test is one of the faults found when a long test ran as shards on several
//! machines: a lost shard, the same shard twice, a merged summary fed back as a shard, shards
//! of other settings, openings shared between match and data, a killed datagen shard, an
//! engine that never starts, too many crashes, a killed match. The engines' thinking figures
//! add up over shards exactly, or are left out with a note.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::binary::{bin, run, run_fails, run_ok};
use common::matches::{json_num, records, Match};
use common::scratch::{path, scratch};

/// The flags of a small shard, but its seed.
const SMALL: &str = "--size 5x5 --max-plies 24 --games 4 --random-openings 2";

/// A match shard of two depths of mingmang (deterministic: fixed depths, one thread) with
/// `flags`; its summary is `s.json` in its own directory.
fn shard(name: &str, flags: &str) -> Match {
    Match::new(name)
        .mingmang("name=deep depth=2")
        .mingmang("name=shallow depth=1")
        .flags(flags)
        .records()
}

/// `mingmang match --merge FILES... EXTRA...`.
fn merge_args(files: &[&Path], extra: &[&str]) -> Vec<String> {
    let mut args = vec!["match".to_string(), "--merge".to_string()];
    args.extend(files.iter().map(|f| path(f)));
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

#[test]
fn a_lost_shard_is_an_error_with_expect() {
    let shards: Vec<Match> = (1..=3)
        .map(|seed| shard(&format!("lost{seed}"), &format!("{SMALL} --seed {seed}")))
        .collect();
    for s in &shards {
        s.run();
    }
    let files: Vec<PathBuf> = shards.iter().map(|s| s.file("s.json")).collect();
    let out = run_ok(&merge_args(
        &[&files[0], &files[1], &files[2]],
        &["--expect", "3"],
    ));
    assert!(out.starts_with("Merged: 3 shards, 12 games"), "{out}");
    // Shard 2 lost (a cancelled array task): without --expect the two left merge, with it the
    // merge fails and names the missing seed.
    let err = run_fails(
        &merge_args(&[&files[0], &files[2]], &["--expect", "3"]),
        "--expect 3: 2 shards found",
    );
    assert!(err.contains("seeds missing between 1 and 3: 2"), "{err}");
}

/// The merged result takes the shards' SPRT, or the one `--sprt` gives, or none with
/// `--sprt off` (a fixed-length proof made of shards that were screened with an SPRT).
#[test]
fn the_merge_takes_the_shards_sprt_unless_told_otherwise() {
    let tested = format!("{SMALL} --sprt elo0=0 elo1=20");
    let shards: Vec<Match> = (1..=2)
        .map(|seed| shard(&format!("sprt{seed}"), &format!("{tested} --seed {seed}")))
        .collect();
    for s in &shards {
        s.run();
    }
    let (a, b) = (shards[0].file("s.json"), shards[1].file("s.json"));
    let theirs = run_ok(&merge_args(&[&a, &b], &[]));
    assert!(theirs.contains("SPRT elo0 0 elo1 20"), "{theirs}");
    let own = run_ok(&merge_args(&[&a, &b], &["--sprt", "elo0=0", "elo1=50"]));
    assert!(own.contains("SPRT elo0 0 elo1 50"), "{own}");
    let out = shards[0].file("merged.json");
    let none = run_ok(&merge_args(
        &[&a, &b],
        &["--sprt", "off", "--json", &path(&out)],
    ));
    assert!(!none.contains("SPRT"), "{none}");
    assert!(read_json(&out)["sprt"].is_null());
}

#[test]
fn the_same_shard_twice_is_refused() {
    let one = shard("twice", &format!("{SMALL} --seed 1"));
    one.run();
    let file = one.file("s.json");
    run_fails(&merge_args(&[&file, &file], &[]), "are the same shard");
    // A copy under another name is the same shard too (a re-run array task).
    let copy = one.file("copy.json");
    std::fs::copy(&file, &copy).unwrap();
    let err = run_fails(&merge_args(&[&file, &copy], &[]), "are the same shard");
    assert!(err.contains("its games would count twice"), "{err}");
    // The same seed played again with more games shares its first openings.
    let more = shard(
        "twice-more",
        "--size 5x5 --max-plies 24 --games 6 --random-openings 2 --seed 1",
    );
    more.run();
    run_fails(
        &merge_args(&[&file, &more.file("s.json")], &[]),
        "share openings",
    );
}

#[test]
fn a_merged_summary_among_its_shards_counts_each_game_once() {
    let (a, b) = (
        shard("fed-a", &format!("{SMALL} --seed 1")),
        shard("fed-b", &format!("{SMALL} --seed 2")),
    );
    a.run();
    b.run();
    let (fa, fb) = (a.file("s.json"), b.file("s.json"));
    // `--merge match-*.json --json match-all.json`, run three times: the merged summary is
    // among the inputs from the second time on.
    let all = a.file("all.json");
    let first = run_ok(&merge_args(&[&fa, &fb], &["--json", &path(&all)]));
    assert!(first.starts_with("Merged: 2 shards, 8 games"), "{first}");
    for _ in 0..2 {
        let again = run_ok(&merge_args(&[&all, &fa, &fb], &["--json", &path(&all)]));
        assert!(again.starts_with("Merged: 2 shards, 8 games"), "{again}");
        assert!(
            again.contains("given directly too, counted once"),
            "{again}"
        );
        let text = std::fs::read_to_string(&all).unwrap();
        assert_eq!(json_num(&text, "games_played"), 8.0);
    }
    // A merged summary alone is its shards; merged summaries merge further.
    let alone = run_ok(&merge_args(&[&all], &[]));
    assert!(alone.starts_with("Merged: 2 shards, 8 games"), "{alone}");
    let c = shard("fed-c", &format!("{SMALL} --seed 3"));
    c.run();
    let more = run_ok(&merge_args(&[&all, &c.file("s.json")], &[]));
    assert!(more.starts_with("Merged: 3 shards, 12 games"), "{more}");
    // The output may replace a merged summary, never a shard.
    run_fails(
        &merge_args(&[&fa, &fb], &["--json", &path(&fa)]),
        "is one of the shards",
    );
}

/// A summary file read as JSON.
fn read_json(file: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

/// The exact sums of each engine's thinking by phase (moves, milliseconds, moves with a
/// depth, depths), added over `summaries`.
fn thinking_sums(summaries: &[&serde_json::Value]) -> Vec<Vec<[u64; 4]>> {
    let mut sums = vec![vec![[0; 4]; 4]; 2];
    for v in summaries {
        for (e, engine) in v["thinking"].as_array().unwrap().iter().enumerate() {
            for (k, phase) in engine["phases"].as_array().unwrap().iter().enumerate() {
                for (i, key) in ["moves", "total_ms", "depth_moves", "depth_sum"]
                    .iter()
                    .enumerate()
                {
                    sums[e][k][i] += phase[key].as_u64().unwrap_or_else(|| panic!("{v}"));
                }
            }
        }
    }
    sums
}

/// `88 ms d2.0` from sums, as the summary prints a phase.
fn thinking_text([moves, ms, depth_moves, depth_sum]: [u64; 4]) -> String {
    let ms = ms as f64 / moves as f64;
    format!("{ms:.0} ms d{:.1}", depth_sum as f64 / depth_moves as f64)
}

#[test]
fn merged_thinking_is_the_exact_sum_of_the_shards() {
    let (a, b) = (
        shard("think-a", &format!("{SMALL} --seed 1")),
        shard("think-b", &format!("{SMALL} --seed 2")),
    );
    let (pa, pb) = (a.run(), b.run());
    let (fa, fb) = (a.file("s.json"), b.file("s.json"));
    let (va, vb) = (read_json(&fa), read_json(&fb));
    let all = a.file("all.json");
    let out = run_ok(&merge_args(&[&fa, &fb], &["--json", &path(&all)]));
    let merged = read_json(&all);
    let expected = thinking_sums(&[&va, &vb]);
    assert_eq!(thinking_sums(&[&merged]), expected, "{merged}");
    // Every move of every game counted, once.
    let moves: u64 = expected.iter().flatten().map(|s| s[0]).sum();
    let plies: u64 = [&pa.pgn, &pb.pgn]
        .iter()
        .flat_map(|pgn| common::matches::tags(pgn, "PlyCount"))
        .map(|p| p.parse::<u64>().unwrap())
        .sum();
    assert_eq!(moves, plies);
    // The means and the printed lines are those of the sums, as a single match prints them.
    let header = "Thinking, mean time and depth a move by plies (1-6, 7-12, 13-18, 19-; all):";
    assert!(pa.stdout.contains(header) && out.contains(header), "{out}");
    for (e, name) in ["deep", "shallow"].iter().enumerate() {
        let all: [u64; 4] = (0..4).fold([0; 4], |t, k| {
            std::array::from_fn(|i| t[i] + expected[e][k][i])
        });
        let mean = (all[1] as f64 / all[0] as f64 * 10.0).round() / 10.0;
        assert_eq!(merged["thinking"][e]["all"]["mean_ms"], mean, "{merged}");
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("  {name}: ")))
            .unwrap_or_else(|| panic!("no thinking line for {name} in {out}"));
        assert!(
            line.ends_with(&format!("; all {}", thinking_text(all))),
            "{out}"
        );
    }
    // Merged again with one of its shards given too, nothing counts twice.
    let thinking_lines = |text: &str| text[text.find(header).unwrap()..].to_string();
    let again = run_ok(&merge_args(&[&all, &fa], &[]));
    assert_eq!(thinking_lines(&again), thinking_lines(&out), "{again}");
    let twice = a.file("twice.json");
    run_ok(&merge_args(&[&all, &fb], &["--json", &path(&twice)]));
    assert_eq!(read_json(&twice)["thinking"], merged["thinking"]);
    // A summary from before the thinking was written still merges, without thinking figures.
    let mut older = vb.clone();
    older.as_object_mut().unwrap().remove("thinking");
    let old = b.file("old.json");
    std::fs::write(&old, older.to_string()).unwrap();
    let without = a.file("without.json");
    let out = run_ok(&merge_args(&[&fa, &old], &["--json", &path(&without)]));
    assert!(out.starts_with("Merged: 2 shards, 8 games"), "{out}");
    assert!(!out.contains("Thinking, mean"), "{out}");
    assert!(
        out.contains(&format!("{}: no 'thinking', a summary from", path(&old))),
        "{out}"
    );
    assert!(read_json(&without)["thinking"].is_null());
}

#[test]
fn shards_of_other_settings_are_refused() {
    let by_nodes = |name: &str, nodes: u32| {
        Match::self_play(name)
            .flags(&format!(
                "--size 5x5 --max-plies 20 --games 2 --nodes {nodes} --seed {nodes}"
            ))
            .records()
    };
    let (m1, m2) = (by_nodes("nodes1000", 1000), by_nodes("nodes2000", 2000));
    m1.run();
    m2.run();
    let err = run_fails(
        &merge_args(&[&m1.file("s.json"), &m2.file("s.json")], &[]),
        "are not shards of one match",
    );
    assert!(
        err.contains("time_control is \"nodes=2000\" against \"nodes=1000\""),
        "{err}"
    );
    // The same command line with another weights file behind it: the files' fingerprints
    // differ.
    let dir = scratch("shards", "weights");
    let weights = dir.join("w.txt");
    let with_weights = |name: &str, material: u32, seed: u32| {
        std::fs::write(&weights, format!("mingmang-small material {material}\n")).unwrap();
        let m = Match::new(name)
            .engine(
                &format!("{} --eval-file {}", bin(), path(&weights)),
                "name=w",
            )
            .mingmang("name=b")
            .flags(&format!(
                "--size 5x5 --max-plies 20 --games 2 --depth 1 --seed {seed}"
            ))
            .records();
        m.run();
        m.file("s.json")
    };
    let (w1, w2) = (with_weights("w100", 100, 1), with_weights("w90", 90, 2));
    let err = run_fails(&merge_args(&[&w1, &w2], &[]), "are not shards of one match");
    assert!(err.contains("settings.engines[0].command"), "{err}");
}

#[test]
fn shards_sharing_openings_of_a_file_are_refused() {
    let dir = scratch("shards", "book");
    let book = dir.join("book.txt");
    // Four openings, each one move from the 5x5 start.
    let lines: Vec<String> = ["a2b2", "a2c2", "b1b3", "a3b3"]
        .iter()
        .map(|m| format!("wbbbb/w3b/w3b/w3b/wwwwb w moves {m}"))
        .collect();
    std::fs::write(&book, lines.join("\n")).unwrap();
    let from = |name: &str, first: u32| {
        let m = Match::new(name)
            .mingmang("name=a depth=1")
            .mingmang("name=b depth=2")
            .flags(&format!(
                "--size 5x5 --max-plies 20 --games 4 --openings {} --openings-from {first}",
                path(&book)
            ))
            .records();
        let played = m.run();
        (m.file("s.json"), played)
    };
    let (s1, _) = from("from1", 1);
    let (s2, _) = from("from2", 2);
    let (s3, played3) = from("from3", 3);
    // Shard 3 plays the file's openings 3 and 4, each with both colours.
    let mut openings: Vec<String> = records(&played3.pgn)
        .iter()
        .map(|r| r.tag("OpeningMoves").unwrap_or_default().to_string())
        .collect();
    openings.sort();
    assert_eq!(openings, ["a3b3", "a3b3", "b1b3", "b1b3"]);
    let err = run_fails(&merge_args(&[&s1, &s2], &[]), "share openings");
    assert!(err.contains("opening 2 of the openings file"), "{err}");
    assert!(err.contains("--openings-from"), "{err}");
    let out = run_ok(&merge_args(&[&s1, &s3], &[]));
    assert!(out.starts_with("Merged: 2 shards, 8 games"), "{out}");
}

#[test]
fn match_and_datagen_with_one_seed_draw_different_openings() {
    let dir = scratch("shards", "streams");
    let data = dir.join("data.txt");
    run_ok(&[
        "datagen",
        "--size",
        "6x6",
        "--max-plies",
        "20",
        "--games",
        "6",
        "--nodes",
        "100",
        "--opening-plies",
        "4",
        "--seed",
        "1",
        "--out",
        &path(&data),
    ]);
    let text = std::fs::read_to_string(&data).unwrap();
    let trained: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.split(" | ").nth(3) == Some("4"))
        .map(|l| l.split(" | ").next().unwrap())
        .collect();
    assert_eq!(trained.len(), 6, "{text}");
    let played = Match::new("streams")
        .mingmang("name=a depth=1")
        .mingmang("name=b depth=1")
        .flags("--size 6x6 --max-plies 20 --games 12 --random-openings 4 --seed 1")
        .records()
        .run();
    let tested: Vec<String> = records(&played.pgn)
        .iter()
        .map(|r| r.tag("FEN").unwrap().to_string())
        .collect();
    assert_eq!(tested.len(), 12);
    for fen in &tested {
        assert!(
            !trained.contains(&fen.as_str()),
            "the match plays the training opening {fen}"
        );
    }
}

/// The datagen command line of a small shard into `out`.
fn datagen(out: &Path, games: u32) -> Vec<String> {
    format!(
        "datagen --size 5x5 --max-plies 40 --games {games} --nodes 300 --seed 4 --out {}",
        path(out)
    )
    .split_whitespace()
    .map(String::from)
    .collect()
}

/// `tune` on `files`, which must be refused with `needle`; returns the error.
fn tune_refuses(files: &[&Path], out: &Path, needle: &str) -> String {
    let mut args = vec!["tune".to_string(), "--data".to_string()];
    args.extend(files.iter().map(|f| path(f)));
    args.extend([
        "--out".to_string(),
        path(out),
        "--epochs".into(),
        "5".into(),
    ]);
    run_fails(&args, needle)
}

#[test]
fn a_cut_or_glued_data_file_is_refused_and_a_stopped_shard_resumes() {
    let dir = scratch("shards", "datagen");
    let (full, part, weights) = (
        dir.join("full.txt"),
        dir.join("part.txt"),
        dir.join("w.txt"),
    );
    run_ok(&datagen(&full, 6));
    let whole = std::fs::read_to_string(&full).unwrap();
    assert!(whole
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("#datagen seed 4 nodes 300"));
    assert!(whole.trim_end().ends_with(&format!(
        "records {}",
        whole.lines().filter(|l| !l.starts_with('#')).count()
    )));
    // Cut anywhere, as a killed run leaves it: tune names the file and the line.
    for cut in [whole.len() / 3, whole.len() / 2, whole.len() - 3] {
        std::fs::write(&part, &whole[..cut]).unwrap();
        let err = tune_refuses(&[&part], &weights, &path(&part));
        assert!(err.contains("line"), "{err}");
    }
    // Missing only its last newline, then concatenated with a Mak-yek shard: the #end line
    // runs into the other shard's #rules line.
    let makyek = dir.join("makyek.txt");
    run_ok(&[
        "datagen",
        "--variant",
        "makyek",
        "--max-plies",
        "10",
        "--games",
        "1",
        "--nodes",
        "50",
        "--out",
        &path(&makyek),
    ]);
    let glued = dir.join("glued.txt");
    let other = std::fs::read_to_string(&makyek).unwrap();
    std::fs::write(&glued, format!("{}{other}", whole.trim_end())).unwrap();
    let err = tune_refuses(&[&glued], &weights, &path(&glued));
    let end_line = whole.lines().count();
    assert!(err.contains(&format!("line {end_line}:")), "{err}");
    // The whole file and the concatenation are read.
    let both = dir.join("both.txt");
    std::fs::write(&both, format!("{whole}{other}")).unwrap();
    run_ok(&[
        "tune",
        "--data",
        &path(&both),
        "--out",
        &path(&weights),
        "--epochs",
        "5",
    ]);
    // A stopped shard is resumed by the same command: the result is the whole shard.
    for cut in [whole.len() / 3, whole.len() - 3] {
        std::fs::write(&part, &whole[..cut]).unwrap();
        let out = run(&datagen(&part, 6));
        assert!(out.status.success());
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("resuming"), "{said}");
        assert_eq!(
            std::fs::read_to_string(&part).unwrap(),
            whole,
            "cut at {cut}"
        );
    }
    // Run again when complete: nothing to do; asked for more games: extended.
    let out = run(&datagen(&part, 6));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing to do"));
    run_ok(&datagen(&part, 8));
    let longer = dir.join("longer.txt");
    run_ok(&datagen(&longer, 8));
    assert_eq!(
        std::fs::read_to_string(&part).unwrap(),
        std::fs::read_to_string(&longer).unwrap()
    );
    // Another shard's file is not overwritten (another seed), unless --force.
    let mut other_seed = datagen(&part, 6);
    let at = other_seed.iter().position(|a| a == "--seed").unwrap() + 1;
    other_seed[at] = "5".into();
    run_fails(&other_seed, "holds another shard");
    other_seed.push("--force".into());
    run_ok(&other_seed);
}

/// Starts `mingmang ARGS` in the background and kills it (SIGKILL) once `ready` says so;
/// fails if it finishes first.
fn kill_once(args: &[String], ready: impl Fn() -> bool) {
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while !ready() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "it finished before it could be stopped"
        );
        assert!(Instant::now() < deadline, "no progress");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

/// Kills `mingmang ARGS` once `file` holds `lines` lines.
fn kill_when(args: &[String], file: &Path, lines: usize) {
    kill_once(args, || {
        std::fs::read_to_string(file).map_or(0, |t| t.lines().count()) >= lines
    });
}

#[test]
fn a_killed_datagen_run_resumes_to_the_same_shard() {
    let dir = scratch("shards", "killed-datagen");
    let (full, killed) = (dir.join("full.txt"), dir.join("killed.txt"));
    run_ok(&datagen(&full, 12));
    // Killed after its second game.
    kill_when(&datagen(&killed, 12), &killed, 40);
    let part = std::fs::read_to_string(&killed).unwrap();
    assert!(!part.contains("#end"), "it was stopped");
    let kept = part.lines().filter(|l| l.starts_with("#game ")).count();
    assert!(kept >= 1, "{part}");
    // Run again, it keeps the whole games and plays the rest.
    let again = run(&datagen(&killed, 12));
    assert!(again.status.success());
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(
        said.contains(&format!("resuming {} after game {kept} ", path(&killed))),
        "{said}"
    );
    assert_eq!(
        std::fs::read_to_string(&killed).unwrap(),
        std::fs::read_to_string(&full).unwrap()
    );
}

#[test]
fn a_killed_match_resumes_and_is_not_merged_before() {
    let flags = "--size 6x6 --max-plies 40 --games 30 --random-openings 2 --seed 9";
    let whole = shard("resume-whole", flags);
    let whole = whole.run();
    let m = shard("resume", flags);
    let journal = m.file("s.jsonl");
    // The match command, as the Match helper builds it.
    let args = m.args().to_vec();
    kill_when(&args, &journal, 4);
    let kept = std::fs::read_to_string(&journal).unwrap().lines().count() - 1;
    assert!((3..30).contains(&kept), "{kept}");
    // The summary left behind says the shard is unfinished; a merge refuses it.
    run_fails(&merge_args(&[&m.file("s.json")], &[]), "did not finish");
    let again = run(&args);
    assert!(again.status.success());
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(said.contains("Resuming: "), "{said}");
    // Only the rest was played: one progress line per new game.
    let new = said.lines().filter(|l| l.starts_with('[')).count();
    assert_eq!(new + kept, 30, "{said}");
    let summary = std::fs::read_to_string(m.file("s.json")).unwrap();
    assert!(summary.contains("\"status\": \"complete\""), "{summary}");
    for key in ["games_played", "wins", "losses", "draws"] {
        assert_eq!(json_num(&summary, key), json_num(&whole.json, key), "{key}");
    }
    assert_eq!(
        records(&std::fs::read_to_string(m.file("g.pgn")).unwrap()).len(),
        30
    );
    // A finished shard merges.
    run_ok(&merge_args(&[&m.file("s.json")], &["--expect", "1"]));
    // Another match's command on the same files is refused, and --force starts afresh.
    let mut other = args.clone();
    let at = other.iter().position(|a| a == "--seed").unwrap() + 1;
    other[at] = "10".into();
    run_fails(&other, "journal of another match");
    other.push("--force".into());
    run_ok(&other);
}

#[test]
fn a_killed_match_leaves_a_summary_of_the_games_it_played() {
    // Long enough to outlast the summary's first rewrite, two seconds after the start.
    let flags = "--size 6x6 --max-plies 40 --games 3000 --random-openings 2 --seed 12";
    let m = shard("killed-summary", flags);
    let args = m.args().to_vec();
    // Killed once its summary, rewritten as games end, counts one.
    kill_once(&args, || {
        std::fs::read_to_string(m.file("s.json"))
            .is_ok_and(|t| t.contains("\"games_played\": ") && json_num(&t, "games_played") >= 1.0)
    });
    let summary = std::fs::read_to_string(m.file("s.json")).unwrap();
    assert!(summary.contains("\"status\": \"running\""), "{summary}");
    let played = json_num(&summary, "games_played");
    // Its totals add up, and it counts no game the journal does not hold.
    let [w, l, d] = ["wins", "losses", "draws"].map(|k| json_num(&summary, k));
    assert_eq!(w + l + d, played, "{summary}");
    let journal = std::fs::read_to_string(m.file("s.jsonl")).unwrap();
    let journalled = journal.lines().count() - 1;
    assert!(played as usize <= journalled, "{summary}");
    let value = read_json(&m.file("s.json"));
    assert_eq!(
        value["game_records"].as_array().unwrap().len(),
        played as usize
    );
    // The engines' starts are counted as the games end, not only at the end of the match.
    for player in value["players"].as_array().unwrap() {
        assert!(player["starts"].as_u64().unwrap() >= 1, "{player}");
    }
    // A merge still refuses it until it is resumed and finished.
    run_fails(&merge_args(&[&m.file("s.json")], &[]), "did not finish");
}

#[test]
fn an_engine_that_cannot_start_fails_the_match_at_once() {
    let m = Match::new("nostart")
        .engine("/no/such/engine", "name=ghost")
        .mingmang("name=b")
        .flags("--games 2 --depth 1")
        .records();
    let err = m.refused("cannot start");
    assert!(err.contains("ghost"), "{err}");
    // A program that starts and dies at once says why: its own error is shown.
    let m = Match::new("badweights")
        .engine(
            &format!("{} --eval-file /no/such/weights.txt", bin()),
            "name=w",
        )
        .mingmang("name=b")
        .flags("--games 2 --depth 1")
        .records();
    let err = m.refused("did not start properly");
    assert!(err.contains("/no/such/weights.txt"), "{err}");
}

#[test]
fn too_many_faults_fail_the_match_and_its_merge() {
    let m = Match::new("faults")
        .python("--fault crash --after 2", "name=bad proto=ugi")
        .python("--seed 3", "name=good proto=ugi")
        .flags("--games 10 --movetime 20 --timemargin 10000 --max-plies 60")
        .records();
    // Two faults are tolerated; the third stops the match (a game already under way may
    // still finish).
    let err = m.refused("--fault-limit");
    assert!(err.contains("bad (crash "), "{err}");
    let summary = std::fs::read_to_string(m.file("s.json")).unwrap();
    assert!(summary.contains("\"status\": \"failed: "), "{summary}");
    run_fails(&merge_args(&[&m.file("s.json")], &[]), "cannot be trusted");
    // With a higher limit the match plays on, and the faults are counted by engine.
    let m = Match::new("faults-ok")
        .python("--fault crash --after 2", "name=bad proto=ugi")
        .python("--seed 3", "name=good proto=ugi")
        .flags("--games 4 --movetime 20 --timemargin 10000 --max-plies 60 --fault-limit 100")
        .records();
    let played = m.run();
    played.assert_says("Faults: bad: crash 4");
    run_fails(
        &merge_args(&[&m.file("s.json")], &[]),
        "more than the --fault-limit",
    );
    run_ok(&merge_args(&[&m.file("s.json")], &["--fault-limit", "100"]));
}
