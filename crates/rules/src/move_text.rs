//! Reading a move typed by a person or sent by a front end: what it means in this game, and
//! if it is not legal now, why not, in words.

use super::family::KingMove;
use super::game::Game;
use super::geometry::{Color, Square};
use super::moves::{shorten, Move, MoveText};
use super::variant::Rules;

impl Rules {
    /// Whether `text` is written like a move of this game, legal or not: two squares of this
    /// board (`a1a5`), the pass (`0000`, `pass`), or where pieces are placed from hand a square
    /// alone. What a referee calls garbage is anything else.
    pub fn reads_as_move(&self, text: &str) -> bool {
        let t = text.trim();
        match Move::parse_shape(t, self.size()) {
            Ok(_) | Err(MoveText::Pass) => true,
            Err(MoveText::Bad(_)) => {
                self.family().has_placement() && Square::parse(t, self.size()).is_ok()
            }
        }
    }
}

impl Game {
    /// Reads a move in this game's notation and checks that it is legal now, explaining why
    /// not: a slide or jump `a1a5` (or `a1-a5`), the pass `0000` or `pass` where passing is
    /// allowed, a placement from hand as the square alone (`d4`) where there are hands.
    ///
    /// # Examples
    /// ```
    /// use mingmang_rules::{Game, Preset, Rules};
    ///
    /// let game = Game::new(Rules::preset(Preset::MingMang));
    /// let mv = game.parse_move("a2-b2").unwrap();
    /// assert_eq!(mv.to_string(), "a2b2");
    /// assert!(game.parse_move("pass").is_err()); // Ming Mang has no pass by default
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        let t = text.trim();
        if self.outcome().is_over() {
            return Err(format!(
                "move '{}' cannot be played: the game is over",
                shorten(t)
            ));
        }
        let rules = self.rules();
        let size = rules.size();
        let mv = match Square::parse(t, size) {
            Ok(sq) if rules.family().has_placement() => self.parse_placement(t, sq)?,
            Ok(_) => {
                return Err(format!(
                    "'{t}' is not a move like a1a5: {} has no placements",
                    rules.preset_name()
                ))
            }
            Err(_) => match Move::parse_shape(t, size) {
                Err(MoveText::Pass) if rules.may_pass() => return Ok(Move::PASS),
                Err(MoveText::Pass) if rules.family().takes_ming_mang_options => {
                    return Err("passing is only allowed under territory scoring".into())
                }
                Err(MoveText::Pass) => {
                    return Err(format!("there are no passes in {}", rules.preset_name()))
                }
                Err(MoveText::Bad(why)) => return Err(why),
                Ok((from, to)) => self.parse_piece_move(t, from, to)?,
            },
        };
        if self
            .history()
            .contains(self.position().child_hash(mv, rules))
        {
            return Err(format!(
                "move '{t}' would return to an earlier position (rule 7)"
            ));
        }
        Ok(mv)
    }

    /// A placement of a piece from hand on `sq` (written `t`), or why it cannot be made.
    fn parse_placement(&self, t: &str, sq: Square) -> Result<Move, String> {
        let f = self.rules().family();
        let size = self.rules().size();
        let pos = self.position();
        let who = pos.side_to_move();
        if pos.hand(who) == 0 {
            return Err(format!("move '{t}': {} has no pieces in hand", who.name()));
        }
        if !pos.must_place(f) {
            return Err(format!(
                "move '{t}': {} has no empty square left in its half, so it moves instead of placing",
                who.name()
            ));
        }
        if f.halves[who.index()] >> sq.rank() & 1 == 0 {
            return Err(format!(
                "move '{t}': {} places only in its own half (ranks {})",
                who.name(),
                ranks_of(f.halves[who.index()])
            ));
        }
        if pos.piece_at(sq).is_some() {
            return Err(format!("move '{t}': {sq} is occupied"));
        }
        let centre = Square::new(size.width() / 2, size.height() / 2);
        if pos.count(Color::White) + pos.count(Color::Black) == 0 && sq != centre {
            return Err(format!(
                "move '{t}': the first piece on the empty board goes on the centre {centre}"
            ));
        }
        Ok(Move::place(sq))
    }

    /// The slide, step or jump from `from` to `to` (written `t`), or why the side to move has
    /// no such move.
    fn parse_piece_move(&self, t: &str, from: Square, to: Square) -> Result<Move, String> {
        let f = self.rules().family();
        let size = self.rules().size();
        let pos = self.position();
        let who = pos.side_to_move();
        match pos.piece_at(from) {
            None => return Err(format!("move '{t}': no piece on {from}")),
            Some(c) if c != who => {
                return Err(format!(
                    "move '{t}': the piece on {from} is {}, but {} is to move",
                    c.name(),
                    who.name()
                ))
            }
            Some(_) => {}
        }
        if pos.must_place(f) {
            return Err(format!(
                "move '{t}': {} has pieces in hand and empty squares in its half, so it must place one (write the square, e.g. {})",
                who.name(),
                Square::new(size.width() / 2, size.height() / 2)
            ));
        }
        self.find_move(from, to).ok_or_else(|| {
            let piece = if pos.king(who) == Some(from) {
                match f.king_move {
                    KingMove::Step8 => {
                        "the king steps one square in any of the eight directions to an empty square"
                    }
                    KingMove::Hunter => {
                        "the hunter steps one square orthogonally to an empty square or jumps over an adjacent man to the empty square beyond"
                    }
                    _ => "pieces move like rooks and may not jump",
                }
            } else if pos.hand(who) > 0
                && (f.halves[who.other().index()] & !f.halves[who.index()]) >> to.rank() & 1 != 0
            {
                "while a side has pieces in hand its pieces may not enter the opponent's ranks"
            } else {
                "pieces move like rooks and may not jump"
            };
            format!("move '{t}': the piece on {from} cannot reach {to} ({piece})")
        })
    }
}

/// "1-4" for a mask of ranks (bit `r` = rank `r + 1`).
fn ranks_of(mask: u32) -> String {
    let lo = mask.trailing_zeros() + 1;
    let hi = 32 - mask.leading_zeros();
    format!("{lo}-{hi}")
}
