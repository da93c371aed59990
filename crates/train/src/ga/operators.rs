//! The genetic algorithm's operators, small pure functions of their inputs and the random
//! stream: [`select_parents`], [`crossover`], [`mutate`].

use super::config::{Crossover, Mutation, MutationKind, Scope, Selection};
use crate::{Genome, Ranges, Scored};
use tetris_ai_core::engine::rng::GameRng;

/// A fitness as a share of a wheel or a crossover: negative and NaN count as 0.
fn share(fitness: f64) -> f64 {
    fitness.max(0.0)
}

/// A uniform index in `0..n` (0 when `n` is 0).
fn index(rng: &mut GameRng, n: usize) -> usize {
    rng.below(u32::try_from(n).unwrap_or(u32::MAX).max(1)) as usize
}

/// `k` distinct indices of `0..n` drawn at random (all of them when `k >= n`), by a partial
/// Fisher-Yates shuffle.
fn distinct(rng: &mut GameRng, n: usize, k: usize) -> Vec<usize> {
    let mut indices: Vec<usize> = (0..n).collect();
    let k = k.min(n);
    for i in 0..k {
        let j = i + index(rng, n - i);
        indices.swap(i, j);
    }
    indices.truncate(k);
    indices
}

/// The best two of some indices into a population sorted best first: the two smallest.
fn best_two(mut drawn: Vec<usize>) -> (usize, usize) {
    drawn.sort_unstable();
    let first = drawn.first().copied().unwrap_or(0);
    (first, drawn.get(1).copied().unwrap_or(first))
}

/// One draw of an index with probability proportional to its weight; uniform when no weight
/// is positive (or the total is not finite).
fn spin(weights: &[f64], rng: &mut GameRng) -> usize {
    let total: f64 = weights.iter().sum();
    if !(total > 0.0 && total.is_finite()) {
        return index(rng, weights.len());
    }
    let target = rng.unit() * total;
    let mut cumulative = 0.0;
    let mut last = 0;
    for (i, &w) in weights.iter().enumerate().filter(|&(_, &w)| w > 0.0) {
        cumulative += w;
        last = i;
        if cumulative > target {
            return i;
        }
    }
    last // rounding left the target just past the total: the last positive weight
}

/// Picks two parents, as indices into `sorted`, the scored population sorted by fitness best
/// first (the order [`Learner::tell`](crate::Learner::tell) returns). Tournament and truncation return the
/// better parent first and two distinct individuals; roulette and rank make two independent
/// draws, which may pick one individual twice. The population should have at least two
/// individuals and a tournament no more than the population ([`GaConfig::validate`](super::GaConfig::validate) ensures
/// both); with fewer the draws shrink to what there is.
pub fn select_parents(
    selection: &Selection,
    sorted: &[Scored],
    rng: &mut GameRng,
) -> (usize, usize) {
    let n = sorted.len();
    match *selection {
        Selection::Tournament { size } => best_two(distinct(rng, n, size)),
        Selection::Roulette => {
            let wheel: Vec<f64> = sorted.iter().map(|s| share(s.fitness)).collect();
            (spin(&wheel, rng), spin(&wheel, rng))
        }
        Selection::Rank => {
            let wheel: Vec<f64> = (0..n).map(|i| (n - i) as f64).collect();
            (spin(&wheel, rng), spin(&wheel, rng))
        }
        Selection::Truncation { pool } => {
            let kept = n.div_ceil(2).max(2).min(n);
            let drawn = ((pool * kept as f64).round() as usize).max(2).min(kept);
            best_two(distinct(rng, kept, drawn))
        }
    }
}

/// Combines two parents into a child (as long as the shorter parent).
pub fn crossover(
    crossover: Crossover,
    first: &Scored,
    second: &Scored,
    rng: &mut GameRng,
) -> Genome {
    let pairs = first.genome.iter().zip(&second.genome);
    match crossover {
        Crossover::Uniform => pairs
            .map(|(&a, &b)| if rng.chance(0.5) { a } else { b })
            .collect(),
        Crossover::Average => pairs.map(|(&a, &b)| (a + b) / 2.0).collect(),
        Crossover::FitnessWeighted => fitness_weighted(first, second),
        Crossover::OnePoint => one_point(&first.genome, &second.genome, rng),
    }
}

fn fitness_weighted(first: &Scored, second: &Scored) -> Genome {
    let (f1, f2) = match (share(first.fitness), share(second.fitness)) {
        (f1, f2) if f1 + f2 > 0.0 => (f1, f2),
        _ => (0.5, 0.5),
    };
    let child: Genome = first
        .genome
        .iter()
        .zip(&second.genome)
        .map(|(&a, &b)| f1 * a + f2 * b)
        .collect();
    let length = child.iter().map(|w| w * w).sum::<f64>().sqrt();
    if length > 0.0 && length.is_finite() {
        child.iter().map(|w| w / length).collect()
    } else {
        child
    }
}

fn one_point(first: &[f64], second: &[f64], rng: &mut GameRng) -> Genome {
    let n = first.len().min(second.len());
    if n <= 1 {
        return first[..n].to_vec();
    }
    let cut = 1 + index(rng, n - 1);
    first[..cut]
        .iter()
        .chain(&second[cut..n])
        .copied()
        .collect()
}

/// Mutates a genome in place; `ranges` holds each feature's initial range, which
/// [`MutationKind::RangeFraction`] and [`MutationKind::Replace`] use. Weights are not clamped to
/// the ranges.
pub fn mutate(mutation: &Mutation, genome: &mut [f64], ranges: &Ranges, rng: &mut GameRng) {
    let n = genome.len().min(ranges.len());
    for _ in 0..mutation.passes {
        match mutation.scope {
            Scope::PerWeight => {
                for (weight, &range) in genome.iter_mut().zip(ranges) {
                    if rng.chance(mutation.rate) {
                        mutate_weight(mutation.kind, weight, range, rng);
                    }
                }
            }
            Scope::PerIndividual => {
                if n > 0 && rng.chance(mutation.rate) {
                    let i = index(rng, n);
                    mutate_weight(mutation.kind, &mut genome[i], ranges[i], rng);
                }
            }
        }
    }
}

fn mutate_weight(kind: MutationKind, weight: &mut f64, (low, high): (f64, f64), rng: &mut GameRng) {
    match kind {
        MutationKind::RangeFraction { fraction } => {
            let reach = fraction * (high - low);
            *weight += rng.uniform(-reach, reach);
        }
        MutationKind::Additive { step } => *weight += rng.uniform(-step, step),
        MutationKind::Replace => *weight = rng.uniform(low, high),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::population;

    fn scored(genome: &[f64], fitness: f64) -> Scored {
        Scored {
            genome: genome.to_vec(),
            fitness,
        }
    }

    /// How often each index is chosen as first and as second parent over `draws` selections.
    fn frequencies(selection: Selection, pop: &[Scored], draws: usize) -> (Vec<f64>, Vec<f64>) {
        let mut rng = GameRng::new(11, 0);
        let mut first = vec![0.0; pop.len()];
        let mut second = vec![0.0; pop.len()];
        for _ in 0..draws {
            let (i, j) = select_parents(&selection, pop, &mut rng);
            first[i] += 1.0 / draws as f64;
            second[j] += 1.0 / draws as f64;
        }
        (first, second)
    }

    fn assert_close(actual: &[f64], expected: &[f64], tolerance: f64) {
        assert_eq!(actual.len(), expected.len(), "{actual:?} vs {expected:?}");
        for (a, e) in actual.iter().zip(expected) {
            assert!((a - e).abs() <= tolerance, "{actual:?} vs {expected:?}");
        }
    }

    fn mutation(rate: f64, scope: Scope, kind: MutationKind, passes: u32) -> Mutation {
        Mutation {
            rate,
            scope,
            kind,
            passes,
        }
    }

    // ---- selection ----

    #[test]
    fn a_tournament_of_the_whole_population_picks_the_best_two() {
        // Drawing all 4 of 4 always includes ranks 0 and 1, the best two: always (0, 1).
        let pop = population(&[9.0, 7.0, 5.0, 1.0]);
        let mut rng = GameRng::new(1, 0);
        for _ in 0..200 {
            let choice = select_parents(&Selection::Tournament { size: 4 }, &pop, &mut rng);
            assert_eq!(choice, (0, 1));
        }
    }

    #[test]
    fn a_tournament_of_three_in_four_never_picks_the_worst() {
        // 3 distinct of 4: the 4 draws leave out one individual each with probability 1/4.
        // The better parent is 0 unless 0 is left out: P = 3/4, else 1 (1/4). The second is
        // 1 when 0 and 1 are both in (left out 2 or 3: 2/4), else 2 (2/4). Rank 3 never mates.
        let pop = population(&[9.0, 7.0, 5.0, 1.0]);
        let (first, second) = frequencies(Selection::Tournament { size: 3 }, &pop, 40_000);
        assert_close(&first, &[0.75, 0.25, 0.0, 0.0], 0.01);
        assert_close(&second, &[0.0, 0.5, 0.5, 0.0], 0.01);
    }

    #[test]
    fn roulette_with_one_nonzero_fitness_always_picks_it() {
        // Weights 0, 5, 0: the whole wheel belongs to index 1, both draws.
        let pop = population(&[0.0, 5.0, 0.0]);
        let mut rng = GameRng::new(2, 0);
        for _ in 0..1000 {
            assert_eq!(select_parents(&Selection::Roulette, &pop, &mut rng), (1, 1));
        }
    }

    #[test]
    fn roulette_is_fitness_proportional_and_uniform_when_all_are_zero() {
        // Fitnesses 3 and 1: shares 3/4 and 1/4 for each of the two independent draws.
        let (first, second) = frequencies(Selection::Roulette, &population(&[3.0, 1.0]), 40_000);
        assert_close(&first, &[0.75, 0.25], 0.01);
        assert_close(&second, &[0.75, 0.25], 0.01);
        // All zero: 1/4 each.
        let (first, second) = frequencies(Selection::Roulette, &population(&[0.0; 4]), 40_000);
        assert_close(&first, &[0.25; 4], 0.01);
        assert_close(&second, &[0.25; 4], 0.01);
    }

    #[test]
    fn rank_probabilities_for_three_are_three_two_one_sixths() {
        // Ranks best 3, middle 2, worst 1 out of 6: 1/2, 1/3, 1/6 for each draw, whatever
        // the fitness values are.
        let pop = population(&[100.0, 1.0, 0.5]);
        let (first, second) = frequencies(Selection::Rank, &pop, 60_000);
        let expected = [3.0 / 6.0, 2.0 / 6.0, 1.0 / 6.0];
        assert_close(&first, &expected, 0.01);
        assert_close(&second, &expected, 0.01);
    }

    #[test]
    fn truncation_never_picks_from_the_weaker_half() {
        // 10 individuals: the best 5 remain; a pool of round(0.1 * 5) = 1, raised to 2, so the
        // parents are 2 distinct of the 5, better first: the 10 pairs each 1/10, so the better
        // parent is 0 with P 4/10, 1: 3/10, 2: 2/10, 3: 1/10, and never 4 or beyond.
        let pop = population(&[10.0, 9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0]);
        let selection = Selection::Truncation { pool: 0.1 };
        let mut rng = GameRng::new(3, 0);
        for _ in 0..2000 {
            let (i, j) = select_parents(&selection, &pop, &mut rng);
            assert!(i < j && j < 5, "({i}, {j})");
        }
        let (first, _) = frequencies(selection, &pop, 40_000);
        let expected = [0.4, 0.3, 0.2, 0.1, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
        assert_close(&first, &expected, 0.01);
    }

    #[test]
    fn truncation_with_the_whole_half_as_pool_picks_the_best_two() {
        // Pool 1: all 5 of the better half are drawn, so the best two, 0 and 1, always mate.
        let pop = population(&[10.0, 9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0]);
        let mut rng = GameRng::new(4, 0);
        for _ in 0..200 {
            let choice = select_parents(&Selection::Truncation { pool: 1.0 }, &pop, &mut rng);
            assert_eq!(choice, (0, 1));
        }
    }

    // ---- crossover ----

    #[test]
    fn uniform_crossover_takes_each_weight_from_one_parent() {
        // Parents differ everywhere, so each child weight is exactly a[i] or b[i]; over 100
        // children every index takes each parent's weight at some point (miss: 2^-100).
        let a = scored(&[1.0, 2.0, 3.0, 4.0, 5.0], 1.0);
        let b = scored(&[-1.0, -2.0, -3.0, -4.0, -5.0], 1.0);
        let mut rng = GameRng::new(5, 0);
        let mut from_a = [false; 5];
        let mut from_b = [false; 5];
        for _ in 0..100 {
            let child = crossover(Crossover::Uniform, &a, &b, &mut rng);
            assert_eq!(child.len(), 5);
            for i in 0..5 {
                assert!(
                    child[i] == a.genome[i] || child[i] == b.genome[i],
                    "{child:?}"
                );
                from_a[i] |= child[i] == a.genome[i];
                from_b[i] |= child[i] == b.genome[i];
            }
        }
        assert_eq!((from_a, from_b), ([true; 5], [true; 5]));
    }

    #[test]
    fn average_crossover_is_the_mean() {
        // ([1, 2] + [3, -2]) / 2 = [2, 0].
        let mut rng = GameRng::new(6, 0);
        let child = crossover(
            Crossover::Average,
            &scored(&[1.0, 2.0], 5.0),
            &scored(&[3.0, -2.0], 0.0),
            &mut rng,
        );
        assert_eq!(child, vec![2.0, 0.0]);
    }

    #[test]
    fn fitness_weighted_crossover_is_normalised() {
        let mut rng = GameRng::new(7, 0);
        let mut cross = |w1: &[f64], f1, w2: &[f64], f2| {
            crossover(
                Crossover::FitnessWeighted,
                &scored(w1, f1),
                &scored(w2, f2),
                &mut rng,
            )
        };
        // 1 * [1, 0] + 3 * [0, 1] = [1, 3] (the direction of [0.25, 0.75]), length sqrt(10):
        // [1 / sqrt(10), 3 / sqrt(10)] = [0.316227766..., 0.948683298...].
        let child = cross(&[1.0, 0.0], 1.0, &[0.0, 1.0], 3.0);
        assert_close(
            &child,
            &[0.316_227_766_016_837_9, 0.948_683_298_050_513_8],
            1e-12,
        );
        // Both fitnesses 0: equal shares, [0.5, 0.5] normalised = [1/sqrt(2), 1/sqrt(2)].
        let child = cross(&[1.0, 0.0], 0.0, &[0.0, 1.0], 0.0);
        let h = std::f64::consts::FRAC_1_SQRT_2;
        assert_close(&child, &[h, h], 1e-12);
        // 2 * [1, -1] + 2 * [-1, 1] = [0, 0]: length 0, left as it is.
        assert_eq!(cross(&[1.0, -1.0], 2.0, &[-1.0, 1.0], 2.0), vec![0.0, 0.0]);
    }

    #[test]
    fn one_point_crossover_joins_a_prefix_and_a_suffix() {
        // n = 4, cut c in {1, 2, 3}: [1 | 6 7 8], [1 2 | 7 8], [1 2 3 | 8], each 1/3.
        let a = scored(&[1.0, 2.0, 3.0, 4.0], 1.0);
        let b = scored(&[5.0, 6.0, 7.0, 8.0], 1.0);
        let expected = [
            vec![1.0, 6.0, 7.0, 8.0],
            vec![1.0, 2.0, 7.0, 8.0],
            vec![1.0, 2.0, 3.0, 8.0],
        ];
        let mut seen = [false; 3];
        let mut rng = GameRng::new(8, 0);
        for _ in 0..100 {
            let child = crossover(Crossover::OnePoint, &a, &b, &mut rng);
            let cut = expected.iter().position(|e| *e == child);
            seen[cut.expect("a prefix of a and a suffix of b")] = true;
        }
        assert_eq!(seen, [true; 3]);
        // One weight: no cut point, a copy of the first parent.
        let child = crossover(
            Crossover::OnePoint,
            &scored(&[1.0], 1.0),
            &scored(&[2.0], 1.0),
            &mut rng,
        );
        assert_eq!(child, vec![1.0]);
    }

    // ---- mutation ----

    #[test]
    fn replace_draws_within_the_range() {
        // Rate 1 per weight: every weight is redrawn from its own range (10 and -10 are
        // outside both, so each weight also changed).
        let ranges = [(-1.0, 1.0), (5.0, 6.0)];
        let m = mutation(1.0, Scope::PerWeight, MutationKind::Replace, 1);
        let mut rng = GameRng::new(9, 0);
        for _ in 0..1000 {
            let mut genome = vec![10.0, -10.0];
            mutate(&m, &mut genome, &ranges, &mut rng);
            assert!((-1.0..=1.0).contains(&genome[0]), "{genome:?}");
            assert!((5.0..=6.0).contains(&genome[1]), "{genome:?}");
        }
    }

    #[test]
    fn range_fraction_stays_within_a_fraction_of_the_range() {
        // Range [-8, 2]: R = 10, fraction 0.25, so each change is within +-2.5; range
        // [0, 20]: R = 20, within +-5. Over 1000 draws the changes use most of that reach.
        let ranges = [(-8.0, 2.0), (0.0, 20.0)];
        let kind = MutationKind::RangeFraction { fraction: 0.25 };
        let m = mutation(1.0, Scope::PerWeight, kind, 1);
        let mut rng = GameRng::new(10, 0);
        let mut widest: f64 = 0.0;
        for _ in 0..1000 {
            let mut genome = vec![-3.0, 10.0];
            mutate(&m, &mut genome, &ranges, &mut rng);
            assert!((genome[0] + 3.0).abs() <= 2.5, "{genome:?}");
            assert!((genome[1] - 10.0).abs() <= 5.0, "{genome:?}");
            widest = widest.max((genome[0] + 3.0).abs());
        }
        assert!(widest > 2.4, "{widest}");
    }

    #[test]
    fn additive_stays_within_the_step() {
        // Step 0.2, per individual at rate 1: exactly one weight moves by at most 0.2.
        let kind = MutationKind::Additive { step: 0.2 };
        let m = mutation(1.0, Scope::PerIndividual, kind, 1);
        let mut rng = GameRng::new(11, 0);
        for _ in 0..1000 {
            let mut genome = vec![0.5, -0.5, 0.0];
            mutate(&m, &mut genome, &[(-1.0, 1.0); 3], &mut rng);
            let moved: Vec<f64> = genome
                .iter()
                .zip([0.5, -0.5, 0.0])
                .map(|(w, o)| (w - o).abs())
                .filter(|&d| d > 0.0)
                .collect();
            assert_eq!(moved.len(), 1, "{genome:?}");
            assert!(moved[0] <= 0.2, "{genome:?}");
        }
    }

    #[test]
    fn rate_zero_changes_nothing() {
        let kinds = [
            MutationKind::Replace,
            MutationKind::Additive { step: 1.0 },
            MutationKind::RangeFraction { fraction: 1.0 },
        ];
        let mut rng = GameRng::new(12, 0);
        for kind in kinds {
            for scope in [Scope::PerWeight, Scope::PerIndividual] {
                let mut genome = vec![0.1, 0.2, 0.3];
                mutate(
                    &mutation(0.0, scope, kind, 5),
                    &mut genome,
                    &[(-1.0, 1.0); 3],
                    &mut rng,
                );
                assert_eq!(genome, vec![0.1, 0.2, 0.3]);
            }
        }
    }

    #[test]
    fn rate_one_per_weight_changes_every_weight() {
        // Each weight gets a uniform change in [-1, 1); a change of exactly 0 has P 2^-53.
        let m = mutation(
            1.0,
            Scope::PerWeight,
            MutationKind::Additive { step: 1.0 },
            1,
        );
        let mut rng = GameRng::new(13, 0);
        for _ in 0..100 {
            let mut genome = vec![0.0; 6];
            mutate(&m, &mut genome, &[(-1.0, 1.0); 6], &mut rng);
            assert!(genome.iter().all(|&w| w != 0.0), "{genome:?}");
        }
    }

    #[test]
    fn passes_repeat_the_mutation() {
        // Per individual at rate 1 with 3 passes: 3 single-weight changes of at most 0.1 each,
        // so 1 to 3 of 10 weights move and the total movement is at most 0.3. Over 200 tries,
        // some try moves 3 distinct weights (P about 0.72 each).
        let m = mutation(
            1.0,
            Scope::PerIndividual,
            MutationKind::Additive { step: 0.1 },
            3,
        );
        let mut rng = GameRng::new(14, 0);
        let mut most = 0;
        for _ in 0..200 {
            let mut genome = vec![0.0; 10];
            mutate(&m, &mut genome, &[(-1.0, 1.0); 10], &mut rng);
            let moved = genome.iter().filter(|&&w| w != 0.0).count();
            assert!((1..=3).contains(&moved), "{genome:?}");
            assert!(genome.iter().map(|w| w.abs()).sum::<f64>() <= 0.3 + 1e-12);
            most = most.max(moved);
        }
        assert_eq!(most, 3);
    }
}
