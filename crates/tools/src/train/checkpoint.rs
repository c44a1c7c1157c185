//! The trainer's checkpoint: everything needed to go on after an interrupted run (the
//! model, Adam's moments, the generator, the epochs done), with a line that says which run it
//! belongs to, so a checkpoint of other settings or other data is never resumed.

use std::path::Path;

use super::model::Rng;
use super::Trainer;

const MAGIC: &[u8; 8] = b"MMCKPT1\0";

/// The run a trainer is: its settings, its data and the fitted scale. A checkpoint resumes
/// only the same run (on any number of threads, which do not change what is trained).
fn identity(t: &Trainer) -> String {
    let config = super::TrainConfig {
        threads: 1,
        ..t.config.clone()
    };
    format!(
        "{:?} game {} {}x{} positions {} k {:.6}",
        config,
        t.loaded.game,
        t.loaded.size.width(),
        t.loaded.size.height(),
        t.loaded.data.len(),
        t.k
    )
}

fn put_floats(out: &mut Vec<u8>, values: &[f32]) {
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

/// Writes `t`'s state to `path` whole or not at all (a temporary file renamed over it).
pub fn save(t: &Trainer, path: &Path) -> Result<(), String> {
    let id = identity(t);
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(id.len() as u32).to_le_bytes());
    out.extend_from_slice(id.as_bytes());
    for n in [t.epochs_done as u64, t.rng.0, t.adam.steps] {
        out.extend_from_slice(&n.to_le_bytes());
    }
    put_floats(&mut out, &t.model.params);
    put_floats(&mut out, &t.adam.m);
    put_floats(&mut out, &t.adam.v);
    let tmp = path.with_extension("ckpt-partial");
    std::fs::write(&tmp, &out).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Restores `t` from the checkpoint at `path` if it is one of the same run; says whether it
/// did. A checkpoint of another run is an error (remove it, or train elsewhere).
pub fn resume(t: &mut Trainer, path: &Path) -> Result<bool, String> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let bad = || format!("{}: not a whole checkpoint of this trainer", path.display());
    if bytes.len() < 12 || &bytes[..8] != MAGIC {
        return Err(bad());
    }
    let id_len = u32::from_le_bytes(bytes[8..12].try_into().expect("four bytes")) as usize;
    let id = bytes.get(12..12 + id_len).ok_or_else(bad)?;
    if id != identity(t).as_bytes() {
        return Err(format!(
            "{} is the checkpoint of another run ({}); remove it to start this one",
            path.display(),
            String::from_utf8_lossy(id)
        ));
    }
    let mut at = 12 + id_len;
    let u64_at = |at: &mut usize| -> Result<u64, String> {
        let b = bytes.get(*at..*at + 8).ok_or_else(bad)?;
        *at += 8;
        Ok(u64::from_le_bytes(b.try_into().expect("eight bytes")))
    };
    let epochs = u64_at(&mut at)? as usize;
    let rng = u64_at(&mut at)?;
    let steps = u64_at(&mut at)?;
    let n = t.model.params.len();
    if bytes.len() != at + 3 * 4 * n {
        return Err(bad());
    }
    let floats: Vec<f32> = bytes[at..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().expect("four bytes")))
        .collect();
    t.model.params.copy_from_slice(&floats[..n]);
    t.adam.m.copy_from_slice(&floats[n..2 * n]);
    t.adam.v.copy_from_slice(&floats[2 * n..]);
    t.adam.steps = steps;
    t.rng = Rng(rng);
    t.epochs_done = epochs;
    Ok(true)
}
