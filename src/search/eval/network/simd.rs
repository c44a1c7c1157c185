//! The network's inner loops: adding a weight column to an accumulator, and the output
//! layer's squared clipped ReLU dot product. Each has a portable version, which the compiler
//! vectorises for the target's baseline, and, on x86-64, an AVX2 version chosen at run time
//! when the processor has it. Both give the same integers (tested), so the choice changes
//! speed only.
//!
//! Ranges: the file reader bounds output weights by `2 * QB` and the hidden layer by 512, so
//! a clipped value (at most `QA` = 255) times a weight fits 16 bits, and sixteen squared
//! terms fit 32.

use super::QA;

/// `acc += column`, lane by lane (wrapping, though the file check keeps it in range).
#[inline(always)]
pub fn add_assign(acc: &mut [i16], column: &[i16]) {
    for (a, &c) in acc.iter_mut().zip(column) {
        *a = a.wrapping_add(c);
    }
}

/// `acc -= column`, lane by lane.
#[inline(always)]
pub fn sub_assign(acc: &mut [i16], column: &[i16]) {
    for (a, &c) in acc.iter_mut().zip(column) {
        *a = a.wrapping_sub(c);
    }
}

/// `Σ clamp(a, 0, QA)² · w` over the lanes.
#[inline]
pub fn screlu_dot(acc: &[i16], weights: &[i16]) -> i64 {
    #[cfg(target_arch = "x86_64")]
    {
        if avx2::available() {
            // SAFETY: the processor has AVX2 (checked above); the lengths are equal
            // multiples of 16 (the file reader's hidden-size check).
            return unsafe { avx2::screlu_dot(acc, weights) };
        }
    }
    screlu_dot_portable(acc, weights)
}

/// [`screlu_dot`] without target features.
pub fn screlu_dot_portable(acc: &[i16], weights: &[i16]) -> i64 {
    let mut total = 0i64;
    for (a, w) in acc.chunks(16).zip(weights.chunks(16)) {
        let mut sum = 0i32;
        for (&a, &w) in a.iter().zip(w) {
            let c = (a as i32).clamp(0, QA);
            sum += c * (c * w as i32);
        }
        total += sum as i64;
    }
    total
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::QA;
    use std::arch::x86_64::*;
    use std::sync::atomic::{AtomicU8, Ordering};

    /// 0 not yet asked, 1 no, 2 yes.
    static HAS_AVX2: AtomicU8 = AtomicU8::new(0);

    /// Whether the processor has AVX2 (asked once), unless `MINGMANG_NO_SIMD` is set, which
    /// forces the portable path (for tests and comparisons).
    #[inline(always)]
    pub fn available() -> bool {
        match HAS_AVX2.load(Ordering::Relaxed) {
            0 => {
                let yes = std::env::var_os("MINGMANG_NO_SIMD").is_none()
                    && is_x86_feature_detected!("avx2");
                HAS_AVX2.store(if yes { 2 } else { 1 }, Ordering::Relaxed);
                yes
            }
            v => v == 2,
        }
    }

    /// AVX2 [`super::screlu_dot`]: sixteen lanes a step; `_mm256_madd_epi16` of the clipped
    /// values with clipped-times-weight gives eight 32-bit sums of two terms, widened to 64
    /// bits every step so no length can overflow.
    #[target_feature(enable = "avx2")]
    pub unsafe fn screlu_dot(acc: &[i16], weights: &[i16]) -> i64 {
        debug_assert!(acc.len() == weights.len() && acc.len() % 16 == 0);
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(QA as i16);
        let mut wide = _mm256_setzero_si256();
        for k in (0..acc.len()).step_by(16) {
            let a = _mm256_loadu_si256(acc.as_ptr().add(k) as *const __m256i);
            let w = _mm256_loadu_si256(weights.as_ptr().add(k) as *const __m256i);
            let c = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
            let cw = _mm256_mullo_epi16(c, w);
            let sums = _mm256_madd_epi16(c, cw);
            let lo = _mm256_cvtepi32_epi64(_mm256_castsi256_si128(sums));
            let hi = _mm256_cvtepi32_epi64(_mm256_extracti128_si256(sums, 1));
            wide = _mm256_add_epi64(wide, _mm256_add_epi64(lo, hi));
        }
        let mut lanes = [0i64; 4];
        _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, wide);
        lanes.iter().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values across the whole range, negative and above `QA` included.
    fn sample(n: usize, seed: u64) -> Vec<i16> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((x >> 33) % 1200) as i16 - 400
            })
            .collect()
    }

    #[test]
    fn the_fast_and_portable_dot_products_agree() {
        for n in [16, 32, 128, 512] {
            let acc = sample(n, n as u64);
            let w: Vec<i16> = sample(n, 7 + n as u64).iter().map(|v| v % 129).collect();
            let expected: i64 = acc
                .iter()
                .zip(&w)
                .map(|(&a, &w)| {
                    let c = (a as i64).clamp(0, QA as i64);
                    c * c * w as i64
                })
                .sum();
            assert_eq!(screlu_dot_portable(&acc, &w), expected);
            assert_eq!(screlu_dot(&acc, &w), expected);
        }
    }

    #[test]
    fn adding_and_subtracting_a_column_cancel() {
        let mut acc = sample(64, 1);
        let before = acc.clone();
        let col = sample(64, 2);
        add_assign(&mut acc, &col);
        assert_ne!(acc, before);
        sub_assign(&mut acc, &col);
        assert_eq!(acc, before);
    }
}
