//! Files and numbers from a hostile (or careless) user: every file read has a size limit,
//! no subcommand overwrites its inputs or an earlier result without `--force`, every number
//! read has a range, and requests that cannot be honoured are refused rather than changed.

mod common;

use std::path::{Path, PathBuf};
use std::time::Instant;

use common::binary::{assert_no_hang, run_fails, run_ok, Session};
use common::matches::Match;
use common::scratch::{path, scratch};

/// A small records file of `games` 5x5 games in `dir`.
fn small_data(dir: &Path, games: u32) -> PathBuf {
    let data = dir.join("d.txt");
    let games = games.to_string();
    let words = [
        "datagen",
        "--size",
        "5x5",
        "--max-plies",
        "30",
        "--nodes",
        "200",
    ];
    let mut args: Vec<&str> = words.to_vec();
    let out = path(&data);
    args.extend(["--games", &games, "--out", &out]);
    run_ok(&args);
    data
}

/// Checks that the engine `e` still searches the start position and reports no forced result
/// out of nowhere (its evaluation intact after a refused file), then ends it.
fn plays_on(mut e: Session) {
    e.send("position startpos");
    e.send("go depth 3");
    let (info, _) = e.bestmove();
    assert!(info.iter().all(|l| !l.contains("score mate")), "{info:?}");
    e.finish();
}

/// Runs `args`, which must fail with `needle` within the hang bound (a bounded read fails at
/// once; an unbounded one would run until the memory is gone).
fn fails_quickly(args: &[&str], needle: &str) {
    let start = Instant::now();
    run_fails(args, needle);
    assert_no_hang(start, &format!("{args:?}"));
}

#[test]
fn endless_and_huge_files_are_refused_at_their_limit() {
    // The weights file, by option and by flag.
    let mut e = Session::start(&[]);
    e.first_contains(
        "setoption name EvalFile value /dev/zero",
        "option EvalFile: weights file /dev/zero is larger than 1 MiB",
    );
    e.send("position startpos");
    e.send("go depth 2");
    e.bestmove();
    e.finish();
    fails_quickly(&["--eval-file", "/dev/zero"], "larger than 1 MiB");
    // Training data, openings, summaries.
    let dir = scratch("hostile", "endless");
    let out = path(&dir.join("w.txt"));
    fails_quickly(
        &["tune", "--data", "/dev/zero", "--out", &out],
        "line 1: longer than 1 MiB",
    );
    fails_quickly(
        &[
            "datagen",
            "--openings",
            "/dev/zero",
            "--games",
            "1",
            "--out",
            &out,
        ],
        "larger than 64 MiB",
    );
    fails_quickly(&["match", "--merge", "/dev/zero"], "is not a JSON summary");
}

#[test]
fn outputs_never_destroy_inputs_or_results() {
    let dir = scratch("hostile", "outputs");
    let data = small_data(&dir, 2);
    let before = std::fs::read_to_string(&data).unwrap();
    // tune onto its own data.
    run_fails(
        &["tune", "--data", &path(&data), "--out", &path(&data)],
        "is also an input",
    );
    let spelled = dir.join(".").join("d.txt");
    run_fails(
        &["tune", "--data", &path(&data), "--out", &path(&spelled)],
        "is also an input",
    );
    assert_eq!(std::fs::read_to_string(&data).unwrap(), before);
    // tune onto an existing file: only with --force.
    let weights = dir.join("w.txt");
    std::fs::write(&weights, "# mine\n").unwrap();
    let tune = |extra: &[&str]| {
        let mut args = vec!["tune", "--data"];
        let (d, w) = (path(&data), path(&weights));
        args.push(&d);
        args.extend(["--out", &w, "--epochs", "5"]);
        args.extend(extra);
        args.iter().map(|s| s.to_string()).collect::<Vec<String>>()
    };
    run_fails(&tune(&[]), "add --force");
    assert_eq!(std::fs::read_to_string(&weights).unwrap(), "# mine\n");
    run_ok(&tune(&["--force"]));
    assert!(std::fs::read_to_string(&weights)
        .unwrap()
        .contains("material"));
    // datagen onto a file that is not a shard.
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    run_fails(
        &["datagen", "--games", "1", "--out", &path(&notes)],
        "holds another shard",
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    // A match whose summary cannot be written fails before its first game (a thousand
    // games of a second each would take a quarter of an hour).
    let start = Instant::now();
    Match::self_play("nodir")
        .flags("--games 1000 --movetime 1000 --json /nonexistent/dir/x.json")
        .refused("cannot write --json /nonexistent/dir/x.json");
    assert_no_hang(start, "a match that cannot write its summary");
    // A match's records over an existing file, or onto its own openings.
    let m = Match::self_play("existing");
    let pgn = m.file("old.pgn");
    std::fs::write(&pgn, "old games\n").unwrap();
    m.flags(&format!("--games 2 --depth 1 --pgn {}", path(&pgn)))
        .refused("add --force");
    assert_eq!(std::fs::read_to_string(&pgn).unwrap(), "old games\n");
}

#[test]
fn numbers_out_of_range_are_refused() {
    let dir = scratch("hostile", "numbers");
    let weights = dir.join("w.txt");
    for (value, needle) in [
        ("100000000", "beyond the limit of 10000"),
        ("2147483647", "beyond the limit of 10000"),
        ("-10001", "beyond the limit of 10000"),
        ("99999999999", "is not a whole number"),
    ] {
        std::fs::write(&weights, format!("mingmang-medium material {value}\n")).unwrap();
        run_fails(&["--eval-file", &path(&weights)], needle);
        let mut e = Session::start(&[]);
        e.first_contains(
            &format!("setoption name EvalFile value {}", path(&weights)),
            needle,
        );
        // The engine still plays with its weights: no forced result out of nowhere.
        plays_on(e);
    }
    // The tuner's numbers.
    let data = small_data(&dir, 1);
    let out = path(&dir.join("t.txt"));
    let data_path = path(&data);
    for (flag, value, needle) in [
        ("--rate", "nan", "--rate NaN is not a number above 0"),
        ("--rate", "inf", "--rate inf is not a number above 0"),
        ("--rate=-1", "", "--rate -1 is not a number above 0"),
        ("--lambda", "nan", "--lambda NaN is not between 0 and 1"),
        ("--epochs", "0", "--epochs 0 is not between 1"),
        ("--freeze", "nosuch", "--freeze nosuch: no weight set"),
    ] {
        let mut args = vec!["tune", "--data", &data_path, "--out", &out, flag];
        if !value.is_empty() {
            args.push(value);
        }
        run_fails(&args, needle);
    }
    // A summary whose counts do not fit.
    let m = Match::new("counts")
        .mingmang("name=a depth=1")
        .mingmang("name=b depth=1")
        .flags("--size 5x5 --max-plies 20 --games 2")
        .records();
    m.run();
    let summary = m.file("s.json");
    let text = std::fs::read_to_string(&summary).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["players"][0]["wins"] = serde_json::json!(u64::MAX);
    std::fs::write(&summary, v.to_string()).unwrap();
    run_fails(
        &["match", "--merge", &path(&summary)],
        "'wins' 18446744073709551615 is out of range",
    );
}

#[test]
fn requests_that_cannot_be_honoured_are_refused() {
    let dir = scratch("hostile", "requests");
    let out = path(&dir.join("d.txt"));
    // Openings as long as the game.
    Match::self_play("long-openings")
        .flags("--max-plies 20 --random-openings 20 --games 2")
        .refused("--random-openings 20 leaves no game to play under --max-plies 20");
    run_fails(
        &[
            "datagen",
            "--max-plies",
            "12",
            "--opening-plies",
            "12",
            "--out",
            &out,
        ],
        "--opening-plies 12 leaves no game to play",
    );
    // No ply limit: games that might never end.
    Match::self_play("no-limit")
        .flags("--max-plies 0 --games 2")
        .refused("a match needs a ply limit");
    run_fails(
        &["datagen", "--max-plies", "0", "--out", &out],
        "datagen needs a ply limit",
    );
    // Records that contradict their rules, or carry a move that is not one.
    let start = "wbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwwb w";
    let records = |rules: &str, mv: &str| {
        format!("#rules {rules}\n{start} | 0 | 1-0 | 0 | {mv}\n#end games 1 records 1\n")
    };
    let data = dir.join("r.txt");
    let weights = path(&dir.join("w.txt"));
    for (rules, mv, needle) in [
        (
            "--size 5x5",
            "b1b2",
            "line 2: the position is on a 8x8 board but the rules say 5x5",
        ),
        ("--size 8x8", "a2h2", "line 2: the move 'a2h2'"),
        ("--size 8x8", "zz9", "line 2: the move 'zz9'"),
    ] {
        std::fs::write(&data, records(rules, mv)).unwrap();
        let err = run_fails(&["tune", "--data", &path(&data), "--out", &weights], needle);
        assert!(err.contains(&path(&data)), "{err}");
    }
    std::fs::write(&data, records("--size 8x8", "b1b2")).unwrap();
    run_ok(&[
        "tune",
        "--data",
        &path(&data),
        "--out",
        &weights,
        "--epochs",
        "3",
    ]);
}

#[test]
fn damaged_network_files_are_refused_and_the_engine_plays_on() {
    use mingmang::search::eval::network::{builtin, file};
    let dir = scratch("hostile", "networks");
    let bytes = file::write(&builtin()[0]);
    let good = dir.join("good.mmnet");
    std::fs::write(&good, &bytes).unwrap();
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 3] ^= 0x40;
    let mut version = bytes.clone();
    version[6] = 2;
    let weights = b"mingmang-medium material 100\n".to_vec();
    let cases: [(&str, Vec<u8>, &str); 5] = [
        (
            "cut.mmnet",
            bytes[..bytes.len() / 2].to_vec(),
            "the file ends inside",
        ),
        ("flipped.mmnet", flipped, "checksum mismatch"),
        ("version.mmnet", version, "network format version 2"),
        ("weights.txt", weights, "not a mingmang network file"),
        ("empty.mmnet", Vec::new(), "not a mingmang network file"),
    ];
    for (name, contents, needle) in cases {
        let bad = dir.join(name);
        std::fs::write(&bad, contents).unwrap();
        run_fails(&["--network-file", &path(&bad)], needle);
        let mut e = Session::start(&[]);
        e.send(&format!("setoption name NetworkFile value {}", path(&good)));
        e.first_contains(
            &format!("setoption name NetworkFile value {}", path(&bad)),
            needle,
        );
        // The engine keeps the network it had and plays with it.
        plays_on(e);
    }
    let mut e = Session::start(&[]);
    e.first_contains(
        "setoption name NetworkFile value /dev/zero",
        "option NetworkFile: network file /dev/zero is larger than 8 MiB",
    );
    e.finish();
    fails_quickly(&["--network-file", "/dev/zero"], "larger than 8 MiB");
    fails_quickly(
        &["--network-file", "/no/such/file"],
        "cannot read network file",
    );
}
