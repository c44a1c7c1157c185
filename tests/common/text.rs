//! Notation the two reference implementations and the tests share: players, square names,
//! position strings and sorted move lists. Text only: nothing here knows a rule.

/// A player.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Col {
    /// White, `w`.
    W,
    /// Black, `b`.
    B,
}

impl Col {
    /// The opponent.
    pub fn other(self) -> Col {
        match self {
            Col::W => Col::B,
            Col::B => Col::W,
        }
    }

    /// `w` or `b`.
    pub fn letter(self) -> char {
        match self {
            Col::W => 'w',
            Col::B => 'b',
        }
    }
}

/// A square as (file, rank), both from 0: `(0, 0)` is a1, bottom left.
pub type Sq = (usize, usize);

/// The name of a square, e.g. `a1`.
pub fn sq_name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// The square of a name such as `c4`.
pub fn sq_of(name: &str) -> Sq {
    let f = (name.as_bytes()[0] - b'a') as usize;
    let r = name[1..].parse::<usize>().expect("a square name") - 1;
    (f, r)
}

/// A position string: the board (ranks from the top down, separated by `/`, a number for each
/// run of empty squares, `cell` giving the letter of every other square), the side to move, and
/// the pieces in hand `w<n>b<m>` when either count is not zero.
pub fn write_position(
    width: usize,
    height: usize,
    cell: impl Fn(Sq) -> Option<char>,
    side: Col,
    (hand_w, hand_b): (u32, u32),
) -> String {
    let rank = |r: usize| {
        let cells: Vec<Option<char>> = (0..width).map(|f| cell((f, r))).collect();
        cells
            .chunk_by(|a, b| a.is_none() && b.is_none())
            .map(|run| run[0].map_or(run.len().to_string(), String::from))
            .collect::<String>()
    };
    let ranks: Vec<String> = (0..height).rev().map(rank).collect();
    let mut out = format!("{} {}", ranks.join("/"), side.letter());
    if hand_w != 0 || hand_b != 0 {
        out += &format!(" w{hand_w}b{hand_b}");
    }
    out
}

/// A position string taken apart, letters not yet checked (each reference knows its own).
pub struct PositionText {
    /// `ranks[rank][file]`, rank 0 at the bottom: the letter on each square, `None` if empty.
    pub ranks: Vec<Vec<Option<char>>>,
    /// The side to move.
    pub side: Col,
    /// Pieces in hand (White, Black); (0, 0) when the string has no hand field.
    pub hand: (u32, u32),
    /// Whether the string has a hand field.
    pub has_hand: bool,
}

impl PositionText {
    /// Files of the longest rank.
    pub fn width(&self) -> usize {
        self.ranks.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// Ranks.
    pub fn height(&self) -> usize {
        self.ranks.len()
    }

    /// Whether every rank has the same number of files.
    pub fn is_rectangular(&self) -> bool {
        self.ranks.iter().all(|r| r.len() == self.width())
    }
}

/// Reads `<board> <side>[ <hand>]`.
pub fn read_position(text: &str) -> Result<PositionText, String> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    if parts.len() != 2 && parts.len() != 3 {
        return Err(format!("need board, side and maybe hand: {text:?}"));
    }
    let side = match parts[1] {
        "w" => Col::W,
        "b" => Col::B,
        s => return Err(format!("bad side {s:?}")),
    };
    let hand = match parts.get(2) {
        None => (0, 0),
        Some(h) => {
            let bad = || format!("bad hand {h:?}");
            let (w, b) = h
                .strip_prefix('w')
                .and_then(|rest| rest.split_once('b'))
                .ok_or_else(bad)?;
            (w.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?)
        }
    };
    let mut ranks = Vec::new();
    for rank in parts[0].split('/').rev() {
        let mut row = Vec::new();
        let mut empty = 0;
        for ch in rank.chars() {
            if let Some(d) = ch.to_digit(10) {
                empty = empty * 10 + d as usize;
            } else {
                row.extend(std::iter::repeat_n(None, std::mem::take(&mut empty)));
                row.push(Some(ch));
            }
        }
        row.extend(std::iter::repeat_n(None, empty));
        ranks.push(row);
    }
    Ok(PositionText {
        ranks,
        side,
        hand,
        has_hand: parts.len() == 3,
    })
}

/// The texts of some moves (or names), sorted: move lists compare as sets this way.
pub fn sorted<T: ToString>(items: impl IntoIterator<Item = T>) -> Vec<String> {
    let mut v: Vec<String> = items.into_iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// The squares or moves of a space-separated list, sorted (`"e7 g7"`).
pub fn names(list: &str) -> Vec<String> {
    sorted(list.split_whitespace())
}
