//! The binary's one random generator: seeded, so every random choice (match
//! openings, `inarow tree --uniform`'s trees) repeats with its seed.

/// SplitMix64: a small generator, seeded by the seed and a stream number, so
/// each opening (or each sampled tree) has its own sequence.
pub struct Rng(u64);

impl Rng {
    /// The generator of `stream` under `seed`.
    pub fn new(seed: u64, stream: u64) -> Self {
        let mut rng = Rng(seed ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03));
        rng.next();
        rng
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0); the bias is negligible for small `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
