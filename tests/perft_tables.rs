//! Perft tables computed by the reference implementation, checked against the engine.

mod common;

use common::reference::{self, Opts, RefGame};

#[test]
#[ignore]
fn print_reference_table() {
    for d in 1..=3 {
        let mut g = RefGame::new(8, 8, Opts::default());
        let t = std::time::Instant::now();
        println!("8x8 d{d}: {} ({:?})", reference::perft(&mut g, d), t.elapsed());
    }
}
