//! Scratch folders and paths for the tests that write files.

use std::path::{Path, PathBuf};

/// A fresh, empty folder `<prefix>-<pid>-<name>` under the system's temporary folder: the
/// process id keeps test binaries that run at once apart.
pub fn scratch(prefix: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mingmang-{prefix}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `p` as a command-line word.
pub fn path(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}
