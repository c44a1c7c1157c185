//! Fuzz-style robustness: thousands of random and mutated command lines, in bursts; after each
//! burst the engine must still answer `isready`, and it must never panic or die.

mod common;

use std::time::{Duration, Instant};

use common::binary::Session;
use mingmang::rules::random::Rng;

/// One of `items`, at random.
fn pick<'a>(rng: &mut Rng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len())]
}

const FENS: &[&str] = &[
    "wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb w",
    "wbbb/w2b/w2b/wwwb b",
    "4/4/4/3b w",
    "wbbbb/w3b/w3b/w3b/wwwwb w",
    "5/1b3/2w2/5/5 b",
    "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/w17b w",
    // The relatives: kings, the hunter, pieces in hand.
    "bbbbbbb1/7B/bbbbbbbb/8/8/wwwwwwww/W7/1wwwwwww w",
    "4B3/8/8/8/8/wwwwwwww/8/wwwwwwww b",
    "7/7/7/7/7/7/7 b w13b10",
    "7/7/2w4/3b3/7/7/7 b w12b9",
    "7/7/7/7/7/7/7 b w99b1",
    "WW6/8/8/8/8/8/8/8 w",
];

const WORDS: &[&str] = &[
    "ugi",
    "uci",
    "uai",
    "isready",
    "go",
    "stop",
    "position",
    "startpos",
    "fen",
    "moves",
    "setoption",
    "name",
    "value",
    "query",
    "perft",
    "d",
    "infinite",
    "depth",
    "nodes",
    "movetime",
    "movestogo",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "wtime",
    "btime",
    "searchmoves",
    "gameover",
    "result",
    "islegal",
    "Hash",
    "BoardSize",
    "Variant",
    "Territory",
    "0",
    "1",
    "-1",
    "2",
    "7",
    "65",
    "4294967296",
    "99999999999999999999",
    "-9223372036854775808",
    "a1a2",
    "a2b2",
    "h7g7",
    "a1-a5",
    "0000",
    "pass",
    "zz",
    "a0a1",
    "s19s1",
    "t20",
    "w",
    "b",
    "x",
    "/",
    "",
    "true",
    "false",
    "auto",
    "19x19",
    "4x4",
    "3x3",
    "gundru",
    "go-board",
    "é",
    "\u{0}",
    "\t",
    "name value",
    "Clear Hash",
];

fn base_line(rng: &mut Rng) -> String {
    let moves = [
        "a2b2", "h7g7", "b2a2", "g7h7", "a3b3", "b1b2", "e4d4", "a2-c2", "pass", "d4", "d5",
        "e8e7", "a2a1", "c3", "e5e3",
    ];
    let mut some_moves = || {
        let n = rng.below(5);
        (0..n)
            .map(|_| moves[(rng.next_u64() % moves.len() as u64) as usize])
            .collect::<Vec<_>>()
            .join(" ")
    };
    let m = some_moves();
    match rng.below(22) {
        0 => pick(rng, &["ugi", "uci", "uai"]).to_string(),
        1 => "isready".into(),
        2 => pick(rng, &["uginewgame", "ucinewgame", "uainewgame"]).into(),
        3 => format!("position startpos moves {m}"),
        4 => format!("position fen {} moves {m}", pick(rng, FENS)),
        5 => format!("position fen {}", pick(rng, FENS)),
        6 => format!(
            "setoption name BoardSize value {}",
            pick(
                rng,
                &["4x4", "5x5", "8x8", "6x9", "auto", "19x19", "20x4", "5", "7x7"]
            )
        ),
        7 => format!(
            "setoption name Variant value {}",
            pick(
                rng,
                &[
                    "mingmang",
                    "gundru",
                    "tibetan",
                    "go-board",
                    "GUNDRU",
                    "chess",
                    "makyek",
                    "apitsodok",
                    "rek",
                    "minrekchanh",
                    "gala",
                    "makyek-hunt",
                ]
            )
        ),
        8 => format!(
            "setoption name {} value {}",
            pick(
                rng,
                &[
                    "Territory",
                    "EnchainedCapture",
                    "CornerCapture",
                    "LastPieceLeap"
                ]
            ),
            pick(rng, &["true", "false", "TRUE", "1"])
        ),
        9 => format!(
            "setoption name {} value {}",
            pick(
                rng,
                &["Hash", "Threads", "MultiPV", "MoveOverhead", "MaxPlies"]
            ),
            pick(rng, &["1", "2", "3", "16", "0", "-5", "x"])
        ),
        10 => "setoption name Clear Hash".into(),
        11 => format!("go depth {}", 1 + rng.below(3)),
        12 => format!("go movetime {}", rng.below(30)),
        13 => format!(
            "go p1time {} p2time {} p1inc {} p2inc {}",
            rng.below(300),
            rng.below(300),
            rng.below(20),
            rng.below(20)
        ),
        14 => format!(
            "go wtime {} btime {} movestogo {}",
            rng.below(200),
            rng.below(200),
            rng.below(5)
        ),
        15 => "go infinite".into(),
        16 => format!("go depth 2 searchmoves {m}"),
        17 => format!(
            "query {}",
            pick(
                rng,
                &["gameover", "p1turn", "p2turn", "result", "moves", "fen"]
            )
        ),
        18 => format!("query islegal {}", pick(rng, &moves)),
        19 => format!("perft {}", rng.below(4)),
        20 => "stop".into(),
        _ => "d".into(),
    }
}

fn mutate(rng: &mut Rng, line: String) -> String {
    let mut words: Vec<String> = line.split(' ').map(str::to_string).collect();
    for _ in 0..1 + rng.below(3) {
        match rng.below(7) {
            0 if !words.is_empty() => {
                let i = rng.below(words.len());
                words.remove(i);
            }
            1 => {
                let i = rng.below(words.len() + 1);
                words.insert(i, pick(rng, WORDS).to_string());
            }
            2 if words.len() > 1 => {
                let (i, j) = (rng.below(words.len()), rng.below(words.len()));
                words.swap(i, j);
            }
            3 if !words.is_empty() => {
                let i = rng.below(words.len());
                words[i] = pick(rng, WORDS).to_string();
            }
            4 if !words.is_empty() => {
                let i = rng.below(words.len());
                let w = &mut words[i];
                let cut = rng.below(w.len() + 1);
                if w.is_char_boundary(cut) {
                    w.truncate(cut);
                }
            }
            5 => {
                let i = rng.below(words.len() + 1);
                let c = char::from_u32(rng.below(0x3000) as u32).unwrap_or('?');
                words.insert(i, c.to_string());
            }
            _ => {}
        }
    }
    words.join(if rng.below(10) == 0 { "  " } else { " " })
}

fn random_line(rng: &mut Rng) -> String {
    let len = rng.below(60);
    (0..len)
        .map(|_| char::from_u32(1 + rng.below(0x250) as u32).unwrap_or('?'))
        .collect()
}

/// Whether a line could make the engine allocate a lot, spawn many threads, or leave.
fn unsafe_line(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() == Some(&"quit") {
        return true;
    }
    (lower.contains("hash") || lower.contains("threads") || lower.contains("multipv"))
        && words
            .iter()
            .any(|w| w.parse::<i128>().is_ok_and(|n| n > 64))
}

#[test]
fn random_and_mutated_commands_never_kill_the_engine() {
    let started = Instant::now();
    // Seed 1 starts the generator at 0x9E37_79B9_7F4A_7C15.
    let mut rng = Rng::new(1);
    let mut e = Session::start_capturing_stderr(&[]);
    let mut sent = 0;
    let mut kinds = std::collections::BTreeMap::new();
    for burst in 0..80 {
        let mut readyoks = 0;
        let mut batch = String::new();
        for _ in 0..250 {
            let line = loop {
                let line = match rng.below(10) {
                    0..=3 => base_line(&mut rng),
                    4..=8 => {
                        let l = base_line(&mut rng);
                        mutate(&mut rng, l)
                    }
                    _ => random_line(&mut rng),
                };
                let line = line.replace(['\n', '\r'], " ");
                if !unsafe_line(&line) {
                    break line;
                }
            };
            if line.split_whitespace().eq(["isready"]) {
                readyoks += 1;
            }
            batch.push_str(&line);
            batch.push('\n');
            sent += 1;
        }
        e.send_bytes(batch.as_bytes());
        if burst % 4 == 3 {
            // Raw bytes, invalid UTF-8 included.
            let bytes: Vec<u8> = (0..200).map(|_| (rng.next_u64() >> 3) as u8).collect();
            let mut bytes: Vec<u8> = bytes.into_iter().filter(|b| *b != b'\n').collect();
            bytes.push(b'\n');
            e.send_bytes(&bytes);
        }
        e.send("stop");
        e.send("isready");
        readyoks += 1;
        let deadline = Instant::now() + Duration::from_secs(20);
        while readyoks > 0 {
            assert!(
                Instant::now() < deadline,
                "burst {burst}: no readyok\n{}",
                e.tail()
            );
            let line = e.line();
            if line == "readyok" {
                readyoks -= 1;
            }
            let kind = line.split(' ').take(2).collect::<Vec<_>>().join(" ");
            *kinds.entry(kind).or_insert(0u32) += 1;
        }
        assert!(e.alive(), "burst {burst}: engine died\n{}", e.tail());
    }
    e.send("stop");
    let (_, stderr) = e.finish();
    assert!(!stderr.contains("panicked"), "{stderr}");
    eprintln!("{sent} lines in {:?}", started.elapsed());
    let mut common: Vec<_> = kinds.into_iter().filter(|(_, n)| *n > 20).collect();
    common.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    eprintln!("most frequent replies: {common:?}");
    assert!(sent >= 20_000);
}
