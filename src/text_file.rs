//! Reading a text file whole with a size limit, so that a wrong path such as `/dev/zero` or a
//! pipe that never ends gives a clear error instead of filling the memory.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// The largest weights file read (`--eval-file`, option `EvalFile`): a complete file is a few
/// KiB.
pub const WEIGHTS_FILE_LIMIT: u64 = 1 << 20;

/// The largest network file read (option `NetworkFile`): 512 hidden neurons on the 19x19
/// board take under 1 MiB.
pub const NETWORK_FILE_LIMIT: u64 = 8 << 20;

/// `bytes` in words: `1 MiB`, `64 GiB`, `512 bytes`.
pub fn size_text(bytes: u64) -> String {
    if bytes >= 1 << 30 && bytes.trailing_zeros() >= 30 {
        format!("{} GiB", bytes >> 30)
    } else if bytes >= 1 << 20 && bytes.trailing_zeros() >= 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

/// Reads the whole text file at `path` (`what` names it in errors, e.g. "--eval-file"), refusing
/// more than `limit` bytes. Pipes and devices are read the same way, so `/dev/zero` stops at the
/// limit.
pub fn read_text(path: &Path, what: &str, limit: u64) -> Result<String, String> {
    let bytes = read_bytes(path, what, limit)?;
    String::from_utf8(bytes).map_err(|_| format!("{what} {} is not UTF-8 text", path.display()))
}

/// Reads the whole file at `path` as bytes, with the limit and errors of [`read_text`].
pub fn read_bytes(path: &Path, what: &str, limit: u64) -> Result<Vec<u8>, String> {
    let file =
        File::open(path).map_err(|e| format!("cannot read {what} {}: {e}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {what} {}: {e}", path.display()))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "{what} {} is larger than {} (the limit for such a file)",
            path.display(),
            size_text(limit)
        ));
    }
    Ok(bytes)
}
