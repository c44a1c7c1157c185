//! Training data: self-play records ([`datagen`]), their text format ([`training_record`]), and fitting
//! the evaluation's weights to them ([`tune`], [`features`]). The format and the workflow,
//! across many machines too, are described in `docs/data.md`.

pub mod datagen;
pub mod features;
pub mod training_record;
pub mod tune;
