//! Strings across the boundary. The host writes its input into a buffer this module lends
//! (`mm_input`), then calls an export with the length; an export leaves its text answer (or
//! its error message) in an output buffer the host reads (`mm_output_ptr`, `mm_output_len`).

use std::cell::RefCell;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// A buffer of `len` bytes for the host to write the next input into; valid until the next
/// call of `mm_input`.
#[no_mangle]
pub extern "C" fn mm_input(len: usize) -> *mut u8 {
    INPUT.with(|b| {
        let mut b = b.borrow_mut();
        b.clear();
        b.resize(len, 0);
        b.as_mut_ptr()
    })
}

/// Where the last answer starts.
#[no_mangle]
pub extern "C" fn mm_output_ptr() -> *const u8 {
    OUTPUT.with(|o| o.borrow().as_ptr())
}

/// The last answer's length in bytes.
#[no_mangle]
pub extern "C" fn mm_output_len() -> usize {
    OUTPUT.with(|o| o.borrow().len())
}

/// The first `len` bytes of the input buffer as text (invalid UTF-8 replaced, never a panic).
pub fn input(len: usize) -> String {
    INPUT.with(|b| {
        let b = b.borrow();
        String::from_utf8_lossy(&b[..len.min(b.len())]).into_owned()
    })
}

/// Leaves `text` for the host to read.
pub fn answer(text: impl Into<String>) {
    OUTPUT.with(|o| *o.borrow_mut() = text.into());
}

/// The last answer (for the tests).
#[cfg(test)]
pub fn answer_text() -> String {
    OUTPUT.with(|o| o.borrow().clone())
}
