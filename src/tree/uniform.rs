//! The Knuth–Moore experiment: random uniform trees of degree d and height h
//! with independent, distinct leaf values, searched by minimax, F1 and F2
//! (alpha-beta), against d^h and the minimal tree's
//! d^⌈h/2⌉ + d^⌊h/2⌋ − 1 leaves.
//!
//! The critical positions are those whose path a1 a2 … ak from the root (the
//! index of each move in the order searched, from 1) has every odd-numbered
//! ai = 1 or every even-numbered ai = 1. With the best move always first,
//! alpha-beta examines exactly the critical nodes, and no algorithm can
//! examine fewer leaves.

use std::cmp::Reverse;
use std::fmt::Write as _;

use clap::ValueEnum;
use inarow_engine::knuth_moore::{search, Algorithm, ExplicitTree, Searched};

use crate::rng::Rng;

/// The most leaves a uniform tree may have: the experiment builds each one.
pub const MAX_LEAVES: u64 = 1 << 20;

/// The order of each node's children.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Ordering {
    /// The best move first everywhere: the minimal tree.
    Best,
    /// The order the random values came in.
    Random,
    /// The best move last everywhere (children sorted worst first).
    Worst,
}

/// The experiment's settings.
#[derive(Clone, Copy, Debug)]
pub struct Experiment {
    /// The number of children of every inner node.
    pub degree: u32,
    /// The number of plies from the root to every leaf.
    pub height: u32,
    /// How children are ordered.
    pub ordering: Ordering,
    /// How many random trees.
    pub samples: u32,
    /// The random seed.
    pub seed: u64,
}

/// What one algorithm did over all samples.
#[derive(Clone, Debug)]
pub struct Row {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Leaves examined in each sample.
    pub leaves: Vec<u64>,
    /// Samples whose examined leaves were exactly the critical leaves.
    pub critical: u32,
    /// Samples where every examined leaf was critical.
    pub only_critical: u32,
}

impl Row {
    /// The mean leaves examined.
    pub fn mean(&self) -> f64 {
        self.leaves.iter().sum::<u64>() as f64 / self.leaves.len().max(1) as f64
    }
}

/// The experiment's result.
#[derive(Clone, Debug)]
pub struct Report {
    /// The settings.
    pub experiment: Experiment,
    /// d^h.
    pub all_leaves: u64,
    /// d^⌈h/2⌉ + d^⌊h/2⌋ − 1.
    pub bound: u64,
    /// Minimax, F1 and F2.
    pub rows: Vec<Row>,
}

impl Experiment {
    /// Checks the sizes.
    ///
    /// # Errors
    /// A one-line message if the degree is 0, the samples 0, or the tree too
    /// large to build.
    pub fn check(&self) -> Result<(), String> {
        if self.degree == 0 {
            return Err("--uniform D H: the degree D must be at least 1".to_owned());
        }
        if self.samples == 0 {
            return Err("--samples must be at least 1".to_owned());
        }
        match u64::from(self.degree).checked_pow(self.height) {
            Some(n) if n <= MAX_LEAVES => Ok(()),
            n => Err(format!(
                "--uniform {} {}: {} leaves is too many to build (at most {MAX_LEAVES}); \
                 lower the degree or the height",
                self.degree,
                self.height,
                n.map_or_else(|| "more than 2^64".to_owned(), |n| n.to_string())
            )),
        }
    }

    /// Runs the experiment.
    ///
    /// # Errors
    /// As [`Experiment::check`], or if a search's value differs from
    /// minimax's (which would be a bug, and is said so).
    pub fn run(&self) -> Result<Report, String> {
        self.check()?;
        let (d, h) = (u64::from(self.degree), self.height);
        let all_leaves = d.pow(h);
        let bound = d.pow(h.div_ceil(2)) + d.pow(h / 2) - 1;
        let critical = critical_leaves(self.degree, self.height);
        let mut rows: Vec<Row> = [Algorithm::Minimax, Algorithm::F1, Algorithm::F2]
            .into_iter()
            .map(|algorithm| Row {
                algorithm,
                leaves: Vec::new(),
                critical: 0,
                only_critical: 0,
            })
            .collect();
        for sample in 0..self.samples {
            let tree = self.tree(sample);
            let value = tree.minimax_value();
            let max_nodes = tree.node_count();
            for row in &mut rows {
                let searched =
                    search(&tree, row.algorithm, max_nodes).map_err(|e| e.to_string())?;
                if searched.value != value {
                    return Err(format!(
                        "{} found {} on sample {sample}, minimax {value}: a bug",
                        row.algorithm.name(),
                        searched.value
                    ));
                }
                let visited = visited_leaves(&searched, self.degree);
                row.leaves.push(visited.len() as u64);
                let only = visited
                    .iter()
                    .all(|code| critical.binary_search(code).is_ok());
                row.only_critical += u32::from(only);
                row.critical += u32::from(visited == critical);
            }
        }
        Ok(Report {
            experiment: *self,
            all_leaves,
            bound,
            rows,
        })
    }

    /// Sample `sample`'s tree: the leaf values a random permutation of
    /// 1..=d^h (independent and distinct), children in the chosen order.
    pub fn tree(&self, sample: u32) -> ExplicitTree {
        let n = (self.degree as usize).pow(self.height);
        let mut rng = Rng::new(self.seed, u64::from(sample));
        let mut values: Vec<i32> = (1..=n as i32).collect();
        shuffle(&mut values, &mut rng);
        let mut tree = ExplicitTree::uniform(self.degree, self.height, &values);
        match self.ordering {
            Ordering::Best => tree.sort_children_by_key(Reverse),
            Ordering::Worst => tree.sort_children_by_key(|v| v),
            Ordering::Random => {}
        }
        tree
    }
}

/// Fisher–Yates.
fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// A leaf's path (indices from 1, in the order searched) as one number: the
/// leaf's position, from 0, in the tree as searched.
fn code(path: &[usize], degree: u32) -> u64 {
    path.iter()
        .fold(0, |code, &a| code * u64::from(degree) + (a as u64 - 1))
}

/// The leaves a search examined, as sorted codes.
fn visited_leaves(searched: &Searched, degree: u32) -> Vec<u64> {
    let trace = &searched.trace;
    let mut codes: Vec<u64> = (0..trace.len())
        .filter(|&id| trace.nodes()[id].is_leaf())
        .map(|id| code(&trace.path(id), degree))
        .collect();
    codes.sort_unstable();
    codes
}

/// Whether the path a1 a2 … is critical: every odd-numbered ai is 1, or
/// every even-numbered ai is 1.
pub fn is_critical(path: &[usize]) -> bool {
    let odd = path.iter().step_by(2).all(|&a| a == 1);
    let even = path.iter().skip(1).step_by(2).all(|&a| a == 1);
    odd || even
}

/// Every critical leaf of the uniform tree of `degree` and `height`, as
/// sorted codes, found by looking at every leaf's path.
pub fn critical_leaves(degree: u32, height: u32) -> Vec<u64> {
    let n = u64::from(degree).pow(height);
    let mut path = vec![0; height as usize];
    (0..n)
        .filter(|&leaf| {
            let mut rest = leaf;
            for a in path.iter_mut().rev() {
                *a = (rest % u64::from(degree)) as usize + 1;
                rest /= u64::from(degree);
            }
            is_critical(&path)
        })
        .collect()
}

impl Report {
    /// The table, as `inarow tree --uniform` prints it.
    pub fn table(&self) -> String {
        let e = &self.experiment;
        let ordering = match e.ordering {
            Ordering::Best => "best move first",
            Ordering::Random => "random order",
            Ordering::Worst => "best move last",
        };
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Knuth-Moore: uniform trees of degree {} and height {}, {ordering}, {} samples, seed {}",
            e.degree, e.height, e.samples, e.seed
        );
        let _ = writeln!(
            out,
            "d^h = {} leaves; minimal tree d^ceil(h/2) + d^floor(h/2) - 1 = {} leaves",
            self.all_leaves, self.bound
        );
        out.push('\n');
        let _ = writeln!(
            out,
            "{:<16} {:>12} {:>9} {:>9} {:>8} {:>9} {:>15}",
            "algorithm", "mean leaves", "min", "max", "/ d^h", "/ bound", "= critical set"
        );
        for row in &self.rows {
            let mean = row.mean();
            let _ = writeln!(
                out,
                "{:<16} {:>12.2} {:>9} {:>9} {:>8.3} {:>9.3} {:>15}",
                row.algorithm.name(),
                mean,
                row.leaves.iter().min().copied().unwrap_or(0),
                row.leaves.iter().max().copied().unwrap_or(0),
                mean / self.all_leaves as f64,
                mean / self.bound as f64,
                format!("{} of {}", row.critical, row.leaves.len())
            );
        }
        let below = self
            .rows
            .iter()
            .flat_map(|r| r.leaves.iter())
            .filter(|&&n| n < self.bound)
            .count();
        let _ = writeln!(
            out,
            "\nsearches that examined fewer leaves than the bound: {below} (the theorem says none can)"
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn experiment(degree: u32, height: u32, ordering: Ordering, samples: u32) -> Experiment {
        Experiment {
            degree,
            height,
            ordering,
            samples,
            seed: 7,
        }
    }

    #[test]
    fn critical_paths_follow_the_definition() {
        assert!(is_critical(&[]));
        assert!(is_critical(&[3]));
        assert!(is_critical(&[1, 3, 1, 2]));
        assert!(is_critical(&[2, 1, 3, 1]));
        assert!(!is_critical(&[2, 2]));
        assert!(!is_critical(&[1, 2, 2]));
        // d = 2, h = 2: 11, 12, 21 (not 22).
        assert_eq!(critical_leaves(2, 2), vec![0, 1, 2]);
    }

    #[test]
    fn the_critical_leaves_are_as_many_as_the_bound() {
        for d in 1..=5u32 {
            for h in 0..=8 {
                let (d64, n) = (u64::from(d), critical_leaves(d, h).len() as u64);
                assert_eq!(
                    n,
                    d64.pow(h.div_ceil(2)) + d64.pow(h / 2) - 1,
                    "d {d} h {h}"
                );
            }
        }
    }

    /// Acceptance: with the best move first, alpha-beta examines exactly the
    /// critical leaves, d^⌈h/2⌉ + d^⌊h/2⌋ − 1 of them, for d in 2..5 and h
    /// in 2..8; with random order, at least that many.
    #[test]
    fn best_first_alpha_beta_examines_exactly_the_critical_leaves() {
        for d in 2..=5 {
            for h in 2..=8 {
                let samples = if u64::from(d).pow(h) > 20_000 { 1 } else { 3 };
                let best = experiment(d, h, Ordering::Best, samples).run().unwrap();
                let f2 = &best.rows[2];
                assert_eq!(f2.algorithm, Algorithm::F2);
                assert!(f2.leaves.iter().all(|&n| n == best.bound), "d {d} h {h}");
                assert_eq!(f2.critical, samples, "d {d} h {h}");
                let minimax = &best.rows[0];
                assert!(minimax.leaves.iter().all(|&n| n == best.all_leaves));
                let random = experiment(d, h, Ordering::Random, samples).run().unwrap();
                for row in &random.rows[1..] {
                    assert!(row.leaves.iter().all(|&n| n >= random.bound), "d {d} h {h}");
                }
            }
        }
    }

    #[test]
    fn worse_ordering_examines_more() {
        let run = |ordering| experiment(3, 6, ordering, 20).run().unwrap().rows[2].mean();
        let (best, random, worst) = (
            run(Ordering::Best),
            run(Ordering::Random),
            run(Ordering::Worst),
        );
        assert!(best < random && random < worst, "{best} {random} {worst}");
        assert!(
            worst < 729.0,
            "a window narrower than (-inf, inf) still cuts"
        );
    }

    #[test]
    fn too_large_trees_are_refused() {
        let err = experiment(10, 8, Ordering::Best, 1).run().unwrap_err();
        assert!(err.contains("100000000 leaves is too many"), "{err}");
        assert!(experiment(0, 3, Ordering::Best, 1).run().is_err());
        assert!(experiment(2, 3, Ordering::Best, 0).run().is_err());
    }
}
