//! Reply patterns and the example sessions of `protocol/examples/` (format described in
//! `protocol/README.md`), replayed against the real binary.

use super::binary::Session;

/// Whether one pattern word (which may hold one `{n}` or `{w}`) matches `word`.
fn word_matches(pattern: &str, word: &str) -> bool {
    for (hole, check) in [
        (
            "{n}",
            (|s: &str| s.parse::<i64>().is_ok()) as fn(&str) -> bool,
        ),
        ("{w}", |s: &str| !s.is_empty()),
    ] {
        if let Some(at) = pattern.find(hole) {
            let (pre, post) = (&pattern[..at], &pattern[at + hole.len()..]);
            return word.len() >= pre.len() + post.len()
                && word.starts_with(pre)
                && word.ends_with(post)
                && check(&word[pre.len()..word.len() - post.len()]);
        }
    }
    pattern == word
}

/// Whether `line` matches `pattern`: words compared one by one, `{n}` any whole number, `{w}`
/// any word, `{*}` (last) any number of further words.
pub fn matches(pattern: &str, line: &str) -> bool {
    let p: Vec<&str> = pattern.split_whitespace().collect();
    let l: Vec<&str> = line.split_whitespace().collect();
    for (i, pw) in p.iter().enumerate() {
        if *pw == "{*}" {
            return true;
        }
        match l.get(i) {
            Some(lw) if word_matches(pw, lw) => {}
            _ => return false,
        }
    }
    p.len() == l.len()
}

/// One line of an example session.
#[derive(Debug, Clone)]
pub enum Step {
    /// `> line`: send it.
    Send(String),
    /// `< pattern`: the next line must match.
    One(String),
    /// `<* pattern`: any number of lines matching (up to the next `<` line that matches).
    Many(String),
}

/// Reads an example file into numbered steps.
pub fn parse_example(text: &str) -> Vec<(usize, Step)> {
    let mut steps = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if raw.trim().is_empty() || raw.starts_with('#') {
            continue;
        }
        let step = if let Some(rest) = raw.strip_prefix("<* ") {
            Step::Many(rest.to_string())
        } else if let Some(rest) = raw.strip_prefix("< ") {
            Step::One(rest.to_string())
        } else if raw == "<" {
            Step::One(String::new())
        } else if let Some(rest) = raw.strip_prefix("> ") {
            Step::Send(rest.to_string())
        } else {
            panic!("line {n}: must start with '> ', '< ', '<* ' or '#': {raw:?}");
        };
        steps.push((n, step));
    }
    steps
}

/// Plays an example session against a fresh engine; panics at the first mismatch.
pub fn replay(name: &str, text: &str) {
    let steps = parse_example(text);
    let mut e = Session::start(&[]);
    for (k, (n, step)) in steps.iter().enumerate() {
        match step {
            Step::Send(line) => {
                e.send(line);
            }
            Step::One(pattern) => {
                let got = e.line();
                assert!(
                    matches(pattern, &got),
                    "{name}:{n}: expected {pattern:?}, got {got:?}\n{}",
                    e.tail()
                );
            }
            Step::Many(pattern) => {
                let next = match steps.get(k + 1) {
                    Some((_, Step::One(p))) => p.clone(),
                    _ => panic!("{name}:{n}: a '<*' line must be followed by a '<' line"),
                };
                loop {
                    let got = e.peek();
                    if matches(&next, &got) || !matches(pattern, &got) {
                        break;
                    }
                    e.line();
                }
            }
        }
    }
    let (rest, _) = e.finish();
    assert!(
        rest.is_empty(),
        "{name}: unexpected output at the end: {rest:?}"
    );
}
