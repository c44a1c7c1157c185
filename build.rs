//! Gives the engine the commit it was built from (`MINGMANG_COMMIT`), for `--version`, the
//! protocol's `id name` and GTP's `version`: a user's report then names the exact build.

use std::path::Path;
use std::process::Command;

fn main() {
    // A build outside a checkout (a packaged crate) may be given the commit from outside.
    println!("cargo:rerun-if-env-changed=MINGMANG_COMMIT");
    let commit = std::env::var("MINGMANG_COMMIT")
        .ok()
        .filter(|c| !c.is_empty())
        .or_else(git_commit)
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=MINGMANG_COMMIT={commit}");
}

/// The checkout's commit, short, and the files whose change means another commit.
fn git_commit() -> Option<String> {
    let git = |args: &[&str]| {
        let out = Command::new("git").args(args).output().ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    // A packaged crate unpacked inside some other checkout is not that checkout's commit.
    let top = git(&["rev-parse", "--show-toplevel"])?;
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    if Path::new(&top).canonicalize().ok()? != Path::new(&manifest_dir).canonicalize().ok()? {
        return None;
    }
    let dir = git(&["rev-parse", "--git-dir"])?;
    let dir = Path::new(&dir);
    // Only files that exist: cargo reruns a script at every build for a missing one.
    let watch = |file: &Path| {
        if file.exists() {
            println!("cargo:rerun-if-changed={}", file.display());
        }
    };
    watch(&dir.join("HEAD"));
    watch(&dir.join("packed-refs"));
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watch(&dir.join(branch));
    }
    git(&["rev-parse", "--short=7", "HEAD"])
}
