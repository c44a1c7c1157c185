//! The real `mingmang perft` command: output format, `--divide`, `--moves` (history for rule 7),
//! `--fen`, `--size`, `--variant`, the option flags and bad input. Expected counts come from the
//! reference implementation, computed live.

mod common;

use common::binary::{run, run_fails, run_ok};
use common::interface::{Opts, Reference};
use common::perft_table::rows;
use common::reference::{start_fen as start, RefGame};

/// Runs a perft that must succeed; returns stdout's lines.
fn ok_lines<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Vec<String> {
    run_ok(args).lines().map(str::to_string).collect()
}

/// The node count of the final `nodes <n> time <n> ms nps <n>` line, checking its shape.
fn nodes<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> u64 {
    let lines = ok_lines(args);
    let last = lines.last().expect("some output");
    let f: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(f.len(), 7, "{last}");
    assert_eq!(
        (f[0], f[2], f[4], f[5]),
        ("nodes", "time", "ms", "nps"),
        "{last}"
    );
    f[3].parse::<u64>().expect("time is a number");
    f[6].parse::<u64>().expect("nps is a number");
    f[1].parse().expect("nodes is a number")
}

fn reference_perft(fen: &str, opts: Opts, moves: &[&str], depth: u32) -> u64 {
    let mut g = RefGame::from_str(fen, opts);
    for m in moves {
        g.play_str(m);
    }
    g.perft(depth)
}

#[test]
fn depth_three_from_the_start() {
    assert_eq!(nodes(&["perft", "--depth", "3"]), 321363);
    assert_eq!(nodes(&["perft", "-d", "1"]), 72);
    assert_eq!(nodes(&["perft", "--depth", "0"]), 1);
}

/// The rows of the perft table that are quick to count, every game's start positions to depth
/// 4 among them, through the command line: `--variant`, `--size`, `--fen` (pieces in hand
/// included), the option flags and `--max-plies`.
#[test]
fn the_perft_table_through_the_cli() {
    let rows: Vec<_> = rows().filter(|r| r.nodes <= 3_000_000).collect();
    assert!(rows.len() >= 90, "{}", rows.len());
    for row in rows {
        assert_eq!(nodes(&row.cli_args()), row.nodes, "{row}");
    }
}

#[test]
fn divide_lines_sum_to_the_total() {
    let lines = ok_lines(&["perft", "--depth", "2", "--divide"]);
    let (split, total) = lines.split_at(lines.len() - 1);
    assert_eq!(split.len(), 72);
    let mut sum = 0;
    let mut r = RefGame::new(8, 8, Opts::default());
    for line in split {
        let (mv, n) = line.split_once(": ").expect("'move: count'");
        let n: u64 = n.parse().unwrap();
        sum += n;
        // Each root move's count agrees with the reference.
        let rm = r.find(mv).unwrap_or_else(|| panic!("{mv} is not legal"));
        r.play(rm);
        assert_eq!(n, r.perft(1), "{mv}");
        r.undo();
    }
    assert_eq!(sum, 4686);
    assert!(total[0].starts_with("nodes 4686 time "), "{}", total[0]);
}

#[test]
fn moves_count_as_history_for_rule7() {
    // After a2b2 h2g2 b2a2, Black's g2h2 would recreate the start position. Given as moves,
    // the history bans it; given as a bare position string, it is legal.
    let moves = ["a2b2", "h2g2", "b2a2"];
    let mut r = RefGame::new(8, 8, Opts::default());
    for m in moves {
        r.play_str(m);
    }
    let fen = r.fen();
    let with_history = nodes(&["perft", "--depth", "1", "--moves", &moves.join(" ")]);
    let without = nodes(&["perft", "--depth", "1", "--fen", &fen]);
    assert_eq!(with_history, r.legal_moves().len() as u64);
    assert_eq!(
        without,
        RefGame::from_str(&fen, Opts::default()).legal_moves().len() as u64
    );
    assert_eq!(without, with_history + 1);
    // Deeper, with --fen and --moves together.
    let start8 = start(8, 8);
    let deep = nodes(&[
        "perft",
        "--depth",
        "3",
        "--fen",
        &start8,
        "--moves",
        "a2b2 h2g2",
    ]);
    assert_eq!(
        deep,
        reference_perft(&start8, Opts::default(), &["a2b2", "h2g2"], 3)
    );
}

#[test]
fn fen_size_and_variant() {
    let mid = "2b1bb/5w/1www2/b1b1ww/w1wbb1/w1ww1w/2b3 w";
    assert_eq!(
        nodes(&["perft", "--depth", "3", "--fen", mid]),
        reference_perft(mid, Opts::default(), &[], 3)
    );
    assert_eq!(
        nodes(&["perft", "--depth", "3", "--size", "5x7"]),
        reference_perft(&start(5, 7), Opts::default(), &[], 3)
    );
    assert_eq!(
        nodes(&["perft", "--depth", "2", "--variant", "gundru"]),
        reference_perft(&start(9, 9), Opts::default(), &[], 2)
    );
    assert_eq!(
        nodes(&[
            "perft",
            "--depth",
            "2",
            "--variant",
            "tibetan",
            "--size",
            "17x18"
        ]),
        reference_perft(&start(17, 18), Opts::default(), &[], 2)
    );
}

#[test]
fn option_flags() {
    let o = |letters| Opts::letters(letters, None);
    let lone = "5/1bb2/1wb2/2b2/5 w";
    assert_eq!(
        nodes(&["perft", "--depth", "3", "--fen", lone, "--last-piece-leap"]),
        reference_perft(lone, o("l"), &[], 3)
    );
    assert_ne!(
        nodes(&["perft", "--depth", "3", "--fen", lone, "--last-piece-leap"]),
        nodes(&["perft", "--depth", "3", "--fen", lone])
    );
    assert_eq!(
        nodes(&["perft", "--depth", "3", "--size", "5x5", "--territory"]),
        reference_perft(&start(5, 5), o("t"), &[], 3)
    );
    let corners = "bw3w/b5/w5/6/5b/bb2wb w";
    assert_eq!(
        nodes(&[
            "perft",
            "--depth",
            "3",
            "--fen",
            corners,
            "--corner-capture",
            "--enchained-capture"
        ]),
        reference_perft(corners, o("ec"), &[], 3)
    );
    // The ply limit counts plies from the start position, moves given included.
    assert_eq!(nodes(&["perft", "--depth", "1", "--max-plies", "1"]), 72);
    assert_eq!(nodes(&["perft", "--depth", "2", "--max-plies", "1"]), 0);
    assert_eq!(
        nodes(&[
            "perft",
            "--depth",
            "1",
            "--max-plies",
            "1",
            "--moves",
            "a2b2"
        ]),
        0
    );
}

#[test]
fn bad_input_fails_cleanly() {
    for fen in [
        "bad",
        "",
        "wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb x",
        "wbbbbbbb/w6b/w5b/w6b/w6b/w6b/w6b/wwwwwwwb w",
        "wbb/w1b/www w",
        "20/20/20/20 w",
    ] {
        run_fails(&["perft", "--depth", "1", "--fen", fen], "error");
    }
    // Illegal moves in --moves: unreachable, wrong side, rule 7, malformed.
    for moves in [
        "a1a8",
        "h2g2",
        "a2b2 h2g2 b2a2 g2h2",
        "a2b2 zz",
        "a2a2",
        "0000",
    ] {
        run_fails(&["perft", "--depth", "1", "--moves", moves], "error");
    }
    for size in ["3x3", "20x20", "8", "axb", "0x0"] {
        let out = run(&["perft", "--depth", "1", "--size", size]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if size == "8" {
            // A single number is accepted as N x N.
            assert!(out.status.success(), "{size}: {stderr}");
            continue;
        }
        run_fails(&["perft", "--depth", "1", "--size", size], "error");
    }
    run_fails(&["perft", "--depth", "1", "--variant", "chess"], "error");
    // A relative on a misfitting size or with a Ming Mang option is refused with the reason.
    let gala_on_8x8 = [
        "perft",
        "--variant",
        "gala",
        "--size",
        "8x8",
        "--depth",
        "1",
    ];
    run_fails(&gala_on_8x8, "7x7");
    let rek_territory = ["perft", "--variant", "rek", "--territory", "--depth", "1"];
    run_fails(&rek_territory, "belongs to Ming Mang");
    run_fails(&["perft"], "error");
    run_fails(&["perft", "--depth", "x"], "error");
}

#[test]
fn max_plies_zero_means_no_limit_as_in_the_protocol() {
    let unlimited = nodes(&["perft", "--depth", "3"]);
    assert_eq!(
        nodes(&["perft", "--depth", "3", "--max-plies", "0"]),
        unlimited
    );
    // A real limit cuts the tree: after two plies the game is over.
    assert_eq!(nodes(&["perft", "--depth", "3", "--max-plies", "2"]), 0);
}
