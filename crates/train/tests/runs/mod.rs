//! The small training run that the run tests share: the cross-entropy method learning DU's
//! features on 8x8 under the research rules.

use tetris_ai_core::Rules;
use tetris_ai_core::ai::presets;
use tetris_ai_train::cem::CemConfig;
use tetris_ai_train::evolution::EvolutionConfig;
use tetris_ai_train::fitness::FitnessConfig;
use tetris_ai_train::noise::NoiseConfig;
use tetris_ai_train::optimizers::OptimizerConfig;
use tetris_ai_train::validation::ValidationConfig;

/// The features of the DU controller, the ones these runs learn.
pub fn du_features() -> Vec<String> {
    presets::find("du")
        .unwrap()
        .terms
        .iter()
        .map(|t| t.0.to_string())
        .collect()
}

/// A run from `seed` of `population` genomes, each playing `games` training games of at most
/// `max_pieces` pieces on 8x8, validated as `validation` says, with noise handling off.
pub fn cem_on_8x8(
    seed: u64,
    population: usize,
    games: usize,
    max_pieces: u64,
    validation: ValidationConfig,
) -> EvolutionConfig {
    let features = du_features();
    EvolutionConfig {
        ranges: vec![(-1.0, 1.0); features.len()],
        features,
        optimizer: OptimizerConfig::Cem(CemConfig {
            population,
            ..CemConfig::default()
        }),
        fitness: FitnessConfig {
            width: 8,
            height: 8,
            rules: Rules::classic(),
            games,
            max_pieces: Some(max_pieces),
            common_seeds: true,
            depth: 1,
            preview_beam: None,
            survival: None,
            versus: None,
        },
        seed,
        validation,
        noise: NoiseConfig::default(),
        start: None,
    }
}
