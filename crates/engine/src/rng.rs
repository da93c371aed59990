//! The seeded random stream behind every random choice: piece order, tie breaks, learning.
//! Same seed, same numbers, on every platform: every draw is built from 32- or 64-bit integers,
//! so nothing depends on the width of `usize`, and the logarithm and cosine of the normal draws
//! come from `libm` (pure Rust), not the platform's maths library, whose last bit differs between
//! native builds and WebAssembly.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

/// A seeded, serialisable random stream.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRng(Pcg64Mcg);

impl GameRng {
    /// A stream from `seed`; `stream` separates independent uses of one seed.
    pub fn new(seed: u64, stream: u64) -> GameRng {
        let mixed = seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        GameRng(Pcg64Mcg::seed_from_u64(mixed))
    }

    /// A uniform number in `0..n`; `n` must be positive.
    pub fn below(&mut self, n: u32) -> u32 {
        self.0.random_range(0..n)
    }

    /// A uniform 64-bit number.
    pub fn next_u64(&mut self) -> u64 {
        self.0.random()
    }

    /// A uniform number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        // The top 53 bits of a 64-bit draw, as an exact fraction.
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A uniform number in `[low, high)`.
    pub fn uniform(&mut self, low: f64, high: f64) -> f64 {
        low + (high - low) * self.unit()
    }

    /// A standard normal number (Box-Muller, one per two uniform draws).
    pub fn normal(&mut self) -> f64 {
        let u = 1.0 - self.unit(); // in (0, 1], so the logarithm is finite
        let v = self.unit();
        (-2.0 * libm::log(u)).sqrt() * libm::cos(std::f64::consts::TAU * v)
    }

    /// Whether an event of probability `p` happens.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_repeats_its_stream_and_streams_differ() {
        let draw = |seed, stream| {
            let mut rng = GameRng::new(seed, stream);
            (0..8).map(|_| rng.next_u64()).collect::<Vec<_>>()
        };
        assert_eq!(draw(3, 1), draw(3, 1));
        assert_ne!(draw(3, 1), draw(3, 2));
        assert_ne!(draw(3, 1), draw(4, 1));
    }

    #[test]
    fn normal_draws_have_the_right_moments() {
        let mut rng = GameRng::new(1, 0);
        let n = 100_000;
        let draws: Vec<f64> = (0..n).map(|_| rng.normal()).collect();
        let mean = draws.iter().sum::<f64>() / n as f64;
        let var = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
        assert!(mean.abs() < 0.02, "{mean}");
        assert!((var - 1.0).abs() < 0.02, "{var}");
        assert!(
            (0..1000)
                .map(|_| rng.unit())
                .all(|u| (0.0..1.0).contains(&u))
        );
    }
}
