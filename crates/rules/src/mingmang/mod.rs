//! Ming Mang's rules on line words: captures by conversion (rule 6 and the options that reach
//! further) and the moves (slides, the last-piece leap, the pass). Reached through
//! `rules::movegen`, which picks the straight or the extended capture model.

mod board_word;
mod captures;
mod moves;
mod survey;
mod survey_small;

pub(super) use captures::{
    extended_capture_count, extended_child_hash, for_each_slide_and_child, straight_capture_count,
    straight_child_hash, CaptureSquares, DestCache,
};
pub(super) use moves::{
    find_pseudo_move, for_each_extended_capture, for_each_extended_quiet, for_each_pseudo_move,
    has_quiet_move, is_pseudo_legal,
};
pub use survey::LineSurvey;
