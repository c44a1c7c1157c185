//! Training data through the real binary: `datagen` shards run side by side and concatenated,
//! `tune` on them (several files, or their concatenation: the same weights), the engine
//! playing with the tuned file, and `match --merge` adding up match shards.

mod common;

use std::path::Path;

use common::binary::{run_fails, run_ok};
use common::matches::{json_num, Match};
use common::scratch::scratch;

/// The datagen command line of shard `seed` into `out`.
fn datagen(seed: u64, concurrency: u64, out: &Path) -> Vec<String> {
    [
        "datagen",
        "--size",
        "5x5",
        "--max-plies",
        "60",
        "--games",
        "8",
        "--nodes",
        "400",
        "--seed",
        &seed.to_string(),
        "--concurrency",
        &concurrency.to_string(),
        "--out",
        &out.to_string_lossy(),
    ]
    .map(String::from)
    .to_vec()
}

#[test]
fn datagen_shards_side_by_side_concatenate_and_tune() {
    let dir = scratch("data", "shards");
    let (a, b, a2) = (dir.join("a.txt"), dir.join("b.txt"), dir.join("a2.txt"));
    // Two shards at once, as two machines would run them.
    std::thread::scope(|s| {
        s.spawn(|| run_ok(&datagen(1, 1, &a)));
        s.spawn(|| run_ok(&datagen(2, 2, &b)));
    });
    let (ta, tb) = (
        std::fs::read_to_string(&a).unwrap(),
        std::fs::read_to_string(&b).unwrap(),
    );
    for text in [&ta, &tb] {
        assert!(
            text.starts_with("#rules --size 5x5 --max-plies 60\n"),
            "{text}"
        );
        assert!(
            text.lines().count() > 8 * 10,
            "{} lines",
            text.lines().count()
        );
    }
    assert_ne!(ta, tb, "two seeds, two shards");
    // The same shard again, at another concurrency: the same file.
    run_ok(&datagen(1, 3, &a2));
    assert_eq!(std::fs::read_to_string(&a2).unwrap(), ta);
    // tune reads several files, or their concatenation, alike.
    let all = dir.join("all.txt");
    std::fs::write(&all, format!("{ta}{tb}")).unwrap();
    let (w1, w2) = (dir.join("w1.txt"), dir.join("w2.txt"));
    let path = |p: &Path| p.to_string_lossy().into_owned();
    let out1 = run_ok(&[
        "tune",
        "--data",
        &path(&a),
        &path(&b),
        "--out",
        &path(&w1),
        "--epochs",
        "50",
    ]);
    let out2 = run_ok(&[
        "tune",
        "--data",
        &path(&all),
        "--out",
        &path(&w2),
        "--epochs",
        "50",
    ]);
    assert_eq!(out1.replace(&path(&w1), ""), out2.replace(&path(&w2), ""));
    let weights = std::fs::read_to_string(&w1).unwrap();
    assert_eq!(weights, std::fs::read_to_string(&w2).unwrap());
    // It reports the set, K and the error before and after, and writes every set.
    assert!(out1.contains("mingmang-small: "), "{out1}");
    assert!(out1.contains(" -> ") && out1.contains("loss"), "{out1}");
    assert!(weights.contains("\nmakyek material "), "{weights}");
    // The engine plays with the tuned weights, from the command line or the option.
    let mut e = common::binary::Session::start(&["--eval-file", &path(&w1)]);
    e.send("position startpos");
    e.send("go depth 3");
    e.bestmove();
    e.send(&format!("setoption name EvalFile value {}", path(&w2)));
    assert!(e.sync().is_empty());
    e.first_contains(
        "setoption name EvalFile value /no/such/file",
        "option EvalFile: cannot read",
    );
    e.finish();
    run_fails(
        &["--eval-file", "/no/such/file"],
        "option EvalFile: cannot read",
    );
}

#[test]
fn match_shards_merge_into_one_result() {
    let shard = |seed: u64| {
        Match::new(&format!("shard{seed}"))
            .mingmang("name=a depth=1")
            .mingmang("name=b depth=2")
            .flags(&format!(
                "--size 5x5 --max-plies 30 --games 4 --random-openings 4 --seed {seed}"
            ))
            .records()
    };
    let (one, two) = (shard(1), shard(2));
    let (p1, p2) = std::thread::scope(|s| {
        let h1 = s.spawn(|| one.run());
        let h2 = s.spawn(|| two.run());
        (h1.join().unwrap(), h2.join().unwrap())
    });
    let (j1, j2) = (one.file("s.json"), two.file("s.json"));
    let merged = Match::new("merged");
    let out = merged.file("all.json");
    let text = run_ok(&[
        "match",
        "--merge",
        &j1.to_string_lossy(),
        &j2.to_string_lossy(),
        "--sprt",
        "elo0=0",
        "elo1=20",
        "--json",
        &out.to_string_lossy(),
    ]);
    let all = std::fs::read_to_string(&out).unwrap();
    for key in ["wins", "losses", "draws", "games_played"] {
        assert_eq!(
            json_num(&all, key),
            json_num(&p1.json, key) + json_num(&p2.json, key),
            "{key}: {all}"
        );
    }
    let shards: serde_json::Value = serde_json::from_str(&all).unwrap();
    assert_eq!(shards["shards"].as_array().unwrap().len(), 2);
    // The pairs add up too (each shard's two pairs are complete within it).
    let pairs = |text: &str| -> Vec<u64> {
        let v: serde_json::Value = serde_json::from_str(text).unwrap();
        v["pairs"]["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect()
    };
    let (a, b) = (pairs(&p1.json), pairs(&p2.json));
    let sum: Vec<u64> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
    assert_eq!(pairs(&all), sum);
    assert_eq!(sum.iter().sum::<u64>(), 4);
    assert!(text.contains("By pairs: 4 pairs"), "{text}");
    assert!(text.starts_with("Merged: 2 shards, 8 games\n"), "{text}");
    assert!(
        text.contains("a vs b: W ") && text.contains("SPRT elo0 0 elo1 20"),
        "{text}"
    );
    assert!(all.contains("\"llr\": "), "{all}");
    // Shards of different matches do not merge.
    let other = Match::new("other")
        .mingmang("name=c depth=1")
        .mingmang("name=b depth=1")
        .flags("--size 5x5 --max-plies 20 --games 2")
        .records();
    other.run();
    run_fails(
        &[
            "match",
            "--merge",
            &j1.to_string_lossy(),
            &other.file("s.json").to_string_lossy(),
        ],
        "differ from",
    );
}

#[test]
fn datagen_starts_from_an_openings_file_and_reports_bad_ones() {
    let dir = scratch("data", "book");
    let (book, out) = (dir.join("book.txt"), dir.join("out.txt"));
    // The Gala openings shipped for matches: games from them are not decided from the start.
    let shipped = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/openings/gala-balanced.txt"
    );
    let args = |book: &str, out: &Path| {
        [
            "datagen",
            "--variant",
            "gala",
            "--openings",
            book,
            "--opening-plies",
            "0",
            "--max-plies",
            "40",
            "--games",
            "3",
            "--nodes",
            "200",
            "--out",
            &out.to_string_lossy(),
        ]
        .map(String::from)
        .to_vec()
    };
    run_ok(&args(shipped, &out));
    let books: Vec<String> = std::fs::read_to_string(shipped)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    let text = std::fs::read_to_string(&out).unwrap();
    let starts: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter(|l| l.split(" | ").nth(3) == Some("0"))
        .map(|l| l.split(" | ").next().unwrap())
        .collect();
    assert_eq!(starts.len(), 3, "{text}");
    for s in starts {
        assert!(books.iter().any(|b| b == s), "{s} is not in the file");
    }
    // A missing file, a file of another game's board and an empty one are errors, not panics.
    run_fails(&args("/no/such/file", &out), "cannot read --openings");
    std::fs::write(&book, "8/8/8/8/8/8/8/8 w\n").unwrap();
    run_fails(&args(&book.to_string_lossy(), &out), "--openings");
    std::fs::write(&book, "# nothing\n").unwrap();
    run_fails(&args(&book.to_string_lossy(), &out), "holds no position");
}

/// The `#datagen` line of a shard's text and its positions (the record lines).
fn header_and_records(text: &str) -> (String, Vec<&str>) {
    let header = text.lines().nth(1).unwrap_or_default().to_string();
    (
        header,
        text.lines().filter(|l| !l.starts_with('#')).collect(),
    )
}

#[test]
fn datagen_plays_with_the_network_it_is_given_and_says_which() {
    use mingmang::search::eval::network::{builtin, file};
    let dir = scratch("data", "generations");
    // The next generation's network: the built-in 8x8 one with its output turned round,
    // which plays other moves.
    let mut other = builtin()[0].clone();
    for w in &mut other.output_weights {
        *w = -*w;
    }
    let other_file = dir.join("other.mmnet");
    std::fs::write(&other_file, file::write(&other)).unwrap();
    let shard = |name: &str, extra: &[&str]| {
        let out = dir.join(name);
        let mut args: Vec<String> = "datagen --games 2 --nodes 200 --max-plies 30 --seed 3 --out"
            .split_whitespace()
            .map(String::from)
            .collect();
        args.push(out.to_string_lossy().into_owned());
        args.extend(extra.iter().map(|s| s.to_string()));
        run_ok(&args);
        std::fs::read_to_string(out).unwrap()
    };
    let built_in = shard("builtin.txt", &[]);
    let hand = shard("hand.txt", &["--evaluation", "hand"]);
    let next = shard(
        "next.txt",
        &["--network-file", &other_file.to_string_lossy()],
    );
    let (built_in_header, built_in_records) = header_and_records(&built_in);
    let (hand_header, hand_records) = header_and_records(&hand);
    let (next_header, next_records) = header_and_records(&next);
    assert!(hand_header.contains(" evaluation hand "), "{hand_header}");
    assert!(
        built_in_header.contains(" evaluation network "),
        "{built_in_header}"
    );
    assert!(
        next_header.contains(" evaluation network "),
        "{next_header}"
    );
    assert_ne!(built_in_header, next_header);
    // Each evaluation scores the positions its own way.
    assert_ne!(built_in_records, hand_records);
    assert_ne!(built_in_records, next_records);
    // A shard is not resumed under another evaluation.
    let err = run_fails(
        &[
            "datagen",
            "--games",
            "3",
            "--nodes",
            "200",
            "--max-plies",
            "30",
            "--seed",
            "3",
            "--evaluation",
            "hand",
            "--out",
            &dir.join("builtin.txt").to_string_lossy(),
        ]
        .map(String::from),
        "another shard",
    );
    assert!(err.contains("builtin.txt"), "{err}");
    // A network for another board, and a network file beside the hand-written evaluation, are
    // refused before anything is played.
    let network = other_file.to_string_lossy().into_owned();
    for (flags, refusal) in [
        (["--size", "5x5"], "not for the game played"),
        (["--evaluation", "hand"], "cannot be used with"),
    ] {
        let args = ["datagen", flags[0], flags[1], "--network-file", &network].map(String::from);
        run_fails(&args, refusal);
    }
}

#[test]
fn networks_for_games_with_kings_and_hands_train_and_play() {
    use mingmang::search::eval::network::{features::FeatureSet, file};
    let dir = scratch("data", "kings");
    let path = |p: &Path| p.to_string_lossy().into_owned();
    let shard = |variant: &str, out: &Path, extra: &[&str]| {
        let mut args: Vec<String> = format!(
            "datagen --variant {variant} --max-plies 40 --games 4 --nodes 200 --seed 5 --out {}",
            path(out)
        )
        .split_whitespace()
        .map(String::from)
        .collect();
        args.extend(extra.iter().map(|s| s.to_string()));
        run_ok(&args);
        std::fs::read_to_string(out).unwrap()
    };
    let (data, net) = (dir.join("rek.txt"), dir.join("rek.mmnet"));
    shard("rek", &data, &["--evaluation", "hand"]);
    let train = |data: &[&Path], out: &Path| -> Vec<String> {
        let data: Vec<String> = data.iter().map(|d| path(d)).collect();
        format!(
            "train --data {} --out {} --hidden 16 --epochs 2 --threads 1",
            data.join(" "),
            path(out)
        )
        .split_whitespace()
        .map(String::from)
        .collect()
    };
    // How many records the trainer read, left out for a capture to make, and as duplicates.
    let counts = |said: &str| -> [u64; 3] {
        let number_before = |what: &str| -> u64 {
            let at = said
                .find(what)
                .unwrap_or_else(|| panic!("{what} in {said}"));
            let head = said[..at].trim_end();
            let start = head
                .rfind(|c: char| !c.is_ascii_digit())
                .map_or(0, |i| i + 1);
            head[start..].parse().unwrap()
        };
        [
            number_before("records of"),
            number_before("left out (a capture"),
            number_before("duplicates left out"),
        ]
    };
    let trained = |args: Vec<String>| -> String {
        let out = common::binary::run(&args);
        let said = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{said}");
        said
    };
    let once = counts(&trained(train(&[&data], &net)));
    // The same shard twice: every position the first copy kept comes again.
    let twice = counts(&trained(train(&[&data, &data], &dir.join("twice.mmnet"))));
    assert_eq!(twice[0], 2 * once[0]);
    assert_eq!(twice[1], 2 * once[1]);
    assert_eq!(twice[2], once[2] + (once[0] - once[1] - once[2]));
    // By default the positions with a capture to make are learned; --skip-captures leaves
    // them out.
    let mut skip = train(&[&data], &dir.join("quiet.mmnet"));
    skip.push("--skip-captures".into());
    let skipped = counts(&trained(skip));
    assert_eq!(once[1], 0, "{once:?}");
    assert!(skipped[1] > 0, "{skipped:?}");
    assert_eq!(skipped[0], once[0]);
    assert!(skipped[2] <= once[2]);
    // The trainer chose the inputs with king planes, which the engine reads back.
    let read = file::read(&std::fs::read(&net).unwrap()).unwrap();
    assert_eq!(read.features, FeatureSet::PieceSquareKings);
    assert_eq!(read.game, "rek");
    // The next generation's data is played with it.
    let next = shard(
        "rek",
        &dir.join("next.txt"),
        &["--network-file", &path(&net)],
    );
    let header = next.lines().nth(1).unwrap();
    assert!(header.contains(" evaluation network "), "{header}");
    let mut e =
        common::binary::Session::start(&["--variant", "rek", "--network-file", &path(&net)]);
    e.send("position startpos");
    e.send("go nodes 500");
    e.bestmove();
    e.finish();
    // Gala's pieces in hand are counted by thermometers.
    let (gala, gala_net) = (dir.join("gala.txt"), dir.join("gala.mmnet"));
    shard("gala", &gala, &["--evaluation", "hand"]);
    run_ok(&train(&[&gala], &gala_net));
    let read = file::read(&std::fs::read(&gala_net).unwrap()).unwrap();
    assert_eq!(read.features, FeatureSet::PieceSquareHands);
    let next = shard(
        "gala",
        &dir.join("gala-next.txt"),
        &["--network-file", &path(&gala_net)],
    );
    assert!(next
        .lines()
        .nth(1)
        .unwrap()
        .contains(" evaluation network "));
}
