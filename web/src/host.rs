//! What the JavaScript host provides: a line out, a clock, the stop poll and a short wait. A page that only
//! uses the rules library provides them too (they are never called there).

use std::io::Write;
use std::time::Duration;

use mingmang::search::TimeSource;

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "host")]
extern "C" {
    /// Posts one output line (UTF-8 at `ptr`, `len` bytes, no newline).
    fn emit(ptr: *const u8, len: usize);
    /// `performance.now()`: milliseconds since the worker started.
    fn now_ms() -> f64;
    /// Nonzero when the front end has sent a line that ends the running search (`stop`,
    /// `quit`, another `go`) since the one being handled.
    fn should_stop() -> i32;
    /// Waits a little (until the page posts a line that ends a search, or a few milliseconds).
    fn idle();
}

// Native builds (the crate's own tests and lints) have no JavaScript host: lines go to stdout,
// the clock is the system's and nothing asks to stop.
#[cfg(not(target_arch = "wasm32"))]
unsafe fn emit(ptr: *const u8, len: usize) {
    let bytes = std::slice::from_raw_parts(ptr, len);
    println!("{}", String::from_utf8_lossy(bytes));
}

#[cfg(not(target_arch = "wasm32"))]
unsafe fn now_ms() -> f64 {
    mingmang::search::SystemClock.now().as_secs_f64() * 1000.0
}

#[cfg(not(target_arch = "wasm32"))]
unsafe fn should_stop() -> i32 {
    0
}

#[cfg(not(target_arch = "wasm32"))]
unsafe fn idle() {
    std::thread::sleep(Duration::from_millis(1));
}

/// Sends one line to the host.
pub fn send(line: &str) {
    // SAFETY: the host copies the bytes before returning.
    unsafe { emit(line.as_ptr(), line.len()) }
}

/// Whether the front end has asked the running search to end.
pub fn stop_requested() -> bool {
    // SAFETY: a plain call without arguments.
    unsafe { should_stop() != 0 }
}

/// Lets the host wait a little: a finished `go infinite` waiting for `stop` does not spin.
pub fn wait() {
    // SAFETY: a plain call without arguments.
    unsafe { idle() }
}

/// The host's monotonic clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct HostClock;

impl TimeSource for HostClock {
    fn now(&self) -> Duration {
        // SAFETY: a plain call without arguments.
        let ms = unsafe { now_ms() };
        Duration::from_secs_f64(ms.max(0.0) / 1000.0)
    }
}

/// The protocol's output stream: bytes gather until a flush (the protocol's writer flushes
/// after every line), then go to the host one line at a time.
#[derive(Default)]
pub struct LineSink {
    pending: Vec<u8>,
}

impl Write for LineSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let text = String::from_utf8_lossy(&self.pending).into_owned();
        self.pending.clear();
        for line in text.lines() {
            send(line);
        }
        Ok(())
    }
}
