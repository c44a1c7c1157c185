//! The network file format, version 1. Everything is little-endian:
//!
//! | field | type |
//! | --- | --- |
//! | magic `MMNET` plus a zero byte | 6 bytes |
//! | format version (1) | u16 |
//! | game name, feature set name | each a u8 length and ASCII bytes |
//! | board width, board height | u8 each |
//! | hidden neurons per seat, output buckets | u16 each |
//! | input scale `QA`, output scale `QB`, evaluation scale | u16, u16, u32 |
//! | input weights, input to hidden by input | i16 x inputs x hidden |
//! | hidden biases | i16 x hidden |
//! | output weights, by bucket, own seat's hidden first | i16 x buckets x 2 x hidden |
//! | output biases | i32 x buckets |
//! | checksum: FNV-1a (64-bit) of every byte before it | u64 |
//!
//! Reading checks every field, the length, the checksum, and that no position of the board can
//! overflow the 16-bit accumulators, so a file that reads plays safely.

use super::features::FeatureSet;
use super::{Network, QA, QB};
use crate::rules::BoardSize;

/// The first bytes of every network file.
pub const MAGIC: &[u8; 6] = b"MMNET\0";
/// The format version this engine reads and writes.
pub const VERSION: u16 = 1;
/// The largest hidden layer a file may declare.
pub const MAX_HIDDEN: usize = 512;
/// The largest output weight either way: with clipped values of at most `QA`, a product
/// fits 16 bits (see the `simd` module).
pub const MAX_OUTPUT_WEIGHT: i16 = 2 * QB as i16;
/// The most output buckets a file may declare.
pub const MAX_BUCKETS: usize = 16;

/// FNV-1a, 64-bit: a checksum that catches truncation and stray bytes, not tampering.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The network's bytes in the file format.
pub fn write(net: &Network) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    for name in [net.game.as_str(), net.features.name()] {
        out.push(name.len() as u8);
        out.extend_from_slice(name.as_bytes());
    }
    out.push(net.size.width() as u8);
    out.push(net.size.height() as u8);
    out.extend_from_slice(&(net.hidden as u16).to_le_bytes());
    out.extend_from_slice(&(net.buckets as u16).to_le_bytes());
    out.extend_from_slice(&(QA as u16).to_le_bytes());
    out.extend_from_slice(&(QB as u16).to_le_bytes());
    out.extend_from_slice(&net.eval_scale.to_le_bytes());
    for list in [&net.input_weights, &net.input_bias, &net.output_weights] {
        for v in list.iter() {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    for v in &net.output_bias {
        out.extend_from_slice(&v.to_le_bytes());
    }
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// A cursor over a file's bytes that says what was missing when it runs out.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| format!("the file ends inside the {what}"))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u8(&mut self, what: &str) -> Result<u8, String> {
        Ok(self.take(1, what)?[0])
    }

    fn u16(&mut self, what: &str) -> Result<u16, String> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self, what: &str) -> Result<u32, String> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn name(&mut self, what: &str) -> Result<String, String> {
        let n = self.u8(what)? as usize;
        let b = self.take(n, what)?;
        if !b.iter().all(|c| c.is_ascii_graphic()) {
            return Err(format!("the {what} is not plain text"));
        }
        Ok(String::from_utf8_lossy(b).into_owned())
    }

    fn i16s(&mut self, n: usize, what: &str) -> Result<Vec<i16>, String> {
        let b = self.take(n * 2, what)?;
        Ok(b.chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}

/// Reads a network file, checking everything (see the module documentation).
pub fn read(bytes: &[u8]) -> Result<Network, String> {
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err("not a mingmang network file (no MMNET header)".to_string());
    }
    let mut r = Reader {
        bytes,
        at: MAGIC.len(),
    };
    let version = r.u16("version")?;
    if version != VERSION {
        return Err(format!(
            "network format version {version}; this engine reads version {VERSION}"
        ));
    }
    let game = r.name("game name")?;
    let features_name = r.name("feature set name")?;
    let features = FeatureSet::from_name(&features_name)
        .ok_or_else(|| format!("unknown feature set '{features_name}'"))?;
    let (width, height) = (r.u8("board size")?, r.u8("board size")?);
    let size = BoardSize::new(width as usize, height as usize)
        .map_err(|e| format!("board {width}x{height}: {e}"))?;
    let hidden = r.u16("hidden size")? as usize;
    if hidden == 0 || hidden > MAX_HIDDEN || hidden % 16 != 0 {
        return Err(format!(
            "hidden size {hidden}: must be a multiple of 16 from 16 to {MAX_HIDDEN}"
        ));
    }
    let buckets = r.u16("bucket count")? as usize;
    if buckets == 0 || buckets > MAX_BUCKETS {
        return Err(format!(
            "{buckets} output buckets: must be 1 to {MAX_BUCKETS}"
        ));
    }
    let (qa, qb) = (r.u16("scales")? as i32, r.u16("scales")? as i32);
    if (qa, qb) != (QA, QB) {
        return Err(format!(
            "quantisation {qa}/{qb}; this engine reads {QA}/{QB}"
        ));
    }
    let eval_scale = r.u32("evaluation scale")?;
    if eval_scale == 0 || eval_scale > 100_000 {
        return Err(format!("evaluation scale {eval_scale} out of range"));
    }
    let inputs = features.inputs(size);
    let input_weights = r.i16s(inputs * hidden, "input weights")?;
    let input_bias = r.i16s(hidden, "hidden biases")?;
    let output_weights = r.i16s(buckets * 2 * hidden, "output weights")?;
    if let Some(w) = output_weights.iter().find(|w| w.abs() > MAX_OUTPUT_WEIGHT) {
        return Err(format!(
            "output weight {w} beyond the limit of {MAX_OUTPUT_WEIGHT} either way"
        ));
    }
    let output_bias = r
        .take(buckets * 4, "output biases")?
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let body_end = r.at;
    let stored = r.take(8, "checksum")?;
    let stored = u64::from_le_bytes(stored.try_into().expect("eight bytes"));
    if r.at != bytes.len() {
        return Err(format!("{} bytes after the checksum", bytes.len() - r.at));
    }
    if checksum(&bytes[..body_end]) != stored {
        return Err("checksum mismatch: the file is corrupt".to_string());
    }
    let net = Network {
        game,
        size,
        features,
        hidden,
        buckets,
        eval_scale,
        input_weights,
        input_bias,
        output_weights,
        output_bias,
    };
    net.check_accumulator_range()?;
    Ok(net)
}
