//! GoGui's interrupt: while a command runs, GoGui may send the comment line `# interrupt`
//! (to programs that list `gogui-interrupt`), asking the program to finish the command now.
//! The reader thread sees that line while the session is busy and raises the stop flag the
//! searches watch; `genmove` then answers with the best move found so far.
//!
//! An interrupt is meant for the command GoGui sent last, which may not have started yet
//! when the line arrives. So the reader numbers the lines it hands on, and an interrupt
//! counts for the command it followed: the command numbered `n` starts stopped if an
//! interrupt came after line `n` was read.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Whether `line` is GoGui's interrupt comment (`# interrupt`, spaces aside).
pub fn is_interrupt(line: &str) -> bool {
    line.trim()
        .strip_prefix('#')
        .is_some_and(|rest| rest.trim() == "interrupt")
}

/// The state the reader thread and the session share.
#[derive(Debug, Default)]
pub struct Interrupt {
    /// Lines the reader has handed on.
    read: AtomicU64,
    /// The number of the last line read before the latest interrupt (0: none yet).
    interrupted: AtomicU64,
    /// The flag the running command's search watches.
    stop: AtomicBool,
}

impl Interrupt {
    /// The reader hands on a line; returns its number (1 for the first).
    pub fn line_read(&self) -> u64 {
        self.read.fetch_add(1, Ordering::SeqCst) + 1
    }

    /// The reader saw `# interrupt`: the latest line's command, running or not, is to stop.
    pub fn interrupt(&self) {
        self.interrupted
            .store(self.read.load(Ordering::SeqCst), Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The session starts the command of line `n`: it runs unless an interrupt followed it.
    pub fn begin(&self, n: u64) {
        // Cleared first, then set again if an interrupt for this command came already: an
        // interrupt arriving in between sets the flag after the clear.
        self.stop.store(false, Ordering::SeqCst);
        if self.interrupted.load(Ordering::SeqCst) >= n {
            self.stop.store(true, Ordering::SeqCst);
        }
    }

    /// The stop flag of the running command.
    pub fn flag(&self) -> &AtomicBool {
        &self.stop
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_comment_is_recognised() {
        assert!(is_interrupt("# interrupt"));
        assert!(is_interrupt("  #interrupt \r"));
        assert!(!is_interrupt("# interrupted"));
        assert!(!is_interrupt("interrupt"));
        assert!(!is_interrupt("genmove b # interrupt"));
    }

    #[test]
    fn an_interrupt_counts_for_the_command_it_followed() {
        let i = Interrupt::default();
        let first = i.line_read();
        i.begin(first);
        assert!(!i.flag().load(Ordering::SeqCst));
        // The second command is read, then interrupted before the session starts it.
        let second = i.line_read();
        i.interrupt();
        assert!(i.flag().load(Ordering::SeqCst));
        i.begin(second);
        assert!(i.flag().load(Ordering::SeqCst));
        // The next command is not affected by the old interrupt.
        let third = i.line_read();
        i.begin(third);
        assert!(!i.flag().load(Ordering::SeqCst));
    }
}
