//! Files read and written by the tools, with limits.
//!
//! Every file is read through [`read_text`] (whole, up to a size limit; the engine's, which
//! reads weights files the same way) or [`for_each_line`]
//! (streamed, with a limit on each line), so that a wrong path such as `/dev/zero`, a pipe that
//! never ends or a file of the wrong kind gives a clear error instead of filling the memory.
//! Every result is written through [`Output`]: its path is checked before any work starts (it
//! is not one of the inputs, it does not replace an existing file unless asked, its folder
//! exists and is writable), and the file appears whole or not at all.

use std::fs::{self, File};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

pub use mingmang::text_file::{read_text, size_text, WEIGHTS_FILE_LIMIT};

/// The file `path` that the flag `flag` names, read whole within `limit` bytes and parsed by
/// `parse`, whose error is told with the flag and the path (`--openings o.txt: line 3: ...`).
pub fn read_flag_file<T>(
    path: &str,
    flag: &str,
    limit: u64,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<T, String> {
    let text = read_text(Path::new(path), flag, limit)?;
    parse(&text).map_err(|e| format!("{flag} {path}: {e}"))
}

/// The largest openings file read: the shipped ones are under 1 MiB.
pub const OPENINGS_FILE_LIMIT: u64 = 64 << 20;
/// The largest match summary or journal read by `match --merge` and a resumed match: one game
/// takes a few hundred bytes to a few KiB.
pub const MATCH_FILE_LIMIT: u64 = 1 << 30;
/// The largest records file read by `tune` (a few hundred million positions, more than the
/// tuner can hold in memory anyway).
pub const RECORDS_FILE_LIMIT: u64 = 64 << 30;
/// The longest line of a records file or match journal: a 19x19 position string and a whole
/// game's moves fit many times over.
pub const LINE_LIMIT: usize = 1 << 20;

/// A reader that fails once more than `limit` bytes have been read from it.
struct Limited<R> {
    inner: R,
    left: u64,
}

impl<R: Read> Read for Limited<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n as u64 > self.left {
            return Err(std::io::Error::other("the limit for such a file"));
        }
        self.left -= n as u64;
        Ok(n)
    }
}

/// Reads the JSON document in the file at `path` as a stream, refusing more than `limit`
/// bytes; a file that is not JSON (`/dev/zero`, say) fails at its first bytes.
pub fn read_json(path: &Path, what: &str, limit: u64) -> Result<serde_json::Value, String> {
    let file =
        File::open(path).map_err(|e| format!("cannot read {what} {}: {e}", path.display()))?;
    let reader = BufReader::new(Limited {
        inner: file,
        left: limit,
    });
    serde_json::from_reader(reader).map_err(|e| {
        if e.is_io() {
            format!(
                "{what} {} is larger than {} (the limit for such a file)",
                path.display(),
                size_text(limit)
            )
        } else {
            format!("{what} {} is not a JSON summary: {e}", path.display())
        }
    })
}

/// Calls `each(line_number, line, end)` for every line of the text file at `path` (`line`
/// without its line ending, `end` the byte offset just past it), reading it as a stream: no
/// line may be longer than [`LINE_LIMIT`] and the whole file no larger than `limit`.
pub fn for_each_line(
    path: &Path,
    what: &str,
    limit: u64,
    mut each: impl FnMut(usize, &str, u64) -> Result<(), String>,
) -> Result<(), String> {
    let file =
        File::open(path).map_err(|e| format!("cannot read {what} {}: {e}", path.display()))?;
    let mut reader = BufReader::new(file.take(limit + 1));
    let mut line = Vec::new();
    let mut total = 0u64;
    for number in 1.. {
        line.clear();
        let n = (&mut reader)
            .take(LINE_LIMIT as u64 + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| format!("cannot read {what} {}: {e}", path.display()))?;
        if n == 0 {
            break;
        }
        total += n as u64;
        if total > limit {
            return Err(format!(
                "{what} {} is larger than {} (the limit for such a file)",
                path.display(),
                size_text(limit)
            ));
        }
        if line.last() != Some(&b'\n') && n > LINE_LIMIT {
            return Err(format!(
                "{what} {} line {number}: longer than {} (not a file of this kind?)",
                path.display(),
                size_text(LINE_LIMIT as u64)
            ));
        }
        let text = std::str::from_utf8(&line)
            .map_err(|_| format!("{what} {} line {number}: not UTF-8 text", path.display()))?;
        let text = text.strip_suffix('\n').unwrap_or(text);
        let text = text.strip_suffix('\r').unwrap_or(text);
        each(number, text, total)?;
    }
    Ok(())
}

/// A fingerprint of `bytes`: 64-bit FNV-1a in hex. It tells two versions of a file or a
/// setting apart (not a defence against anyone forging one).
pub fn fingerprint(bytes: &[u8]) -> String {
    format!("{:016x}", fnv1a(0xcbf2_9ce4_8422_2325, bytes))
}

fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash = (hash ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// The fingerprint of the file at `path` (as [`fingerprint`] of its bytes), read as a stream.
pub fn file_fingerprint(path: &Path) -> Result<String, String> {
    let mut file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut hash = 0xcbf2_9ce4_8422_2325;
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = file
            .read(&mut buf)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if n == 0 {
            return Ok(format!("{hash:016x}"));
        }
        hash = fnv1a(hash, &buf[..n]);
    }
}

/// The fingerprint of the running program's own file, so that what it wrote says which build
/// wrote it; `unknown` where the system does not say which file that is.
pub fn own_fingerprint() -> String {
    static OWN: once_cell::sync::Lazy<String> = once_cell::sync::Lazy::new(|| {
        std::env::current_exe()
            .ok()
            .and_then(|p| file_fingerprint(&p).ok())
            .unwrap_or_else(|| "unknown".into())
    });
    OWN.clone()
}

/// The canonical form of `path`, whether or not the file exists yet (its folder must), so that
/// two spellings of one file compare equal.
fn canonical(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = fs::canonicalize(path) {
        return Some(p);
    }
    let name = path.file_name()?;
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    Some(fs::canonicalize(parent).ok()?.join(name))
}

/// Whether `a` and `b` name the same file.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (canonical(a), canonical(b)) {
        (Some(a), Some(b)) => a == b,
        _ => a == b,
    }
}

/// A result file about to be written: checked when made, written whole when finished.
#[derive(Debug)]
pub struct Output {
    path: PathBuf,
    what: String,
}

impl Output {
    /// Checks that `path` (named `what` in errors, e.g. "--out") can receive a result: it is
    /// none of `inputs`, it is not an existing file unless `replace` (the `--force` flags), and
    /// its folder exists and takes a new file. Nothing is written yet.
    pub fn check(
        path: &Path,
        what: &str,
        inputs: &[&Path],
        replace: bool,
    ) -> Result<Output, String> {
        let shown = path.display();
        if let Some(input) = inputs.iter().find(|i| same_file(path, i)) {
            return Err(format!(
                "{what} {shown} is also an input ({}): writing it would destroy the input",
                input.display()
            ));
        }
        if path.is_dir() {
            return Err(format!("{what} {shown} is a folder"));
        }
        if path.exists() && !replace {
            return Err(format!(
                "{what} {shown} exists; choose another name, or add --force to replace it"
            ));
        }
        let probe = Output::temporary(path);
        File::create(&probe)
            .and_then(|_| fs::remove_file(&probe))
            .map_err(|e| format!("cannot write {what} {shown}: {e}"))?;
        Ok(Output {
            path: path.to_path_buf(),
            what: what.to_string(),
        })
    }

    /// Where the file is written before it takes its name.
    fn temporary(path: &Path) -> PathBuf {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(format!(".tmp{}", std::process::id()));
        path.with_file_name(name)
    }

    /// The path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `contents` to a temporary file beside the result, then renames it into place,
    /// so that a reader never sees half a file.
    pub fn write(&self, contents: &[u8]) -> Result<(), String> {
        let temporary = Output::temporary(&self.path);
        let written = File::create(&temporary)
            .and_then(|mut f| f.write_all(contents).and_then(|_| f.sync_all()))
            .and_then(|_| fs::rename(&temporary, &self.path));
        written.map_err(|e| {
            let _ = fs::remove_file(&temporary);
            format!("cannot write {} {}: {e}", self.what, self.path.display())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("mingmang-files-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn reads_stop_at_their_limits() {
        let err = read_text(Path::new("/dev/zero"), "--eval-file", 1 << 10).unwrap_err();
        assert!(err.contains("larger than 1024 bytes"), "{err}");
        let err =
            for_each_line(Path::new("/dev/zero"), "--data", 1 << 40, |_, _, _| Ok(())).unwrap_err();
        assert!(err.contains("line 1: longer than 1 MiB"), "{err}");
        let path = scratch("lines.txt");
        fs::write(&path, "a\r\nb\nc").unwrap();
        let mut seen = Vec::new();
        for_each_line(&path, "x", 100, |n, l, end| {
            seen.push((n, l.to_string(), end));
            Ok(())
        })
        .unwrap();
        assert_eq!(
            seen,
            [(1, "a".into(), 3), (2, "b".into(), 5), (3, "c".into(), 6)]
        );
        let err = for_each_line(&path, "x", 4, |_, _, _| Ok(())).unwrap_err();
        assert!(err.contains("larger than 4 bytes"), "{err}");
    }

    #[test]
    fn outputs_never_replace_inputs_or_results_unasked() {
        let input = scratch("in.txt");
        fs::write(&input, "data").unwrap();
        let spelled = input.parent().unwrap().join(".").join("in.txt");
        let err = Output::check(&spelled, "--out", &[&input], true).unwrap_err();
        assert!(err.contains("also an input"), "{err}");
        let err = Output::check(&input, "--out", &[], false).unwrap_err();
        assert!(err.contains("add --force"), "{err}");
        let err =
            Output::check(Path::new("/nonexistent/dir/x.json"), "--json", &[], false).unwrap_err();
        assert!(err.contains("cannot write --json"), "{err}");
        let out = Output::check(&input, "--out", &[], true).unwrap();
        out.write(b"new").unwrap();
        assert_eq!(fs::read_to_string(&input).unwrap(), "new");
    }
}
