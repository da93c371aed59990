//! `tetris-ai evolve`: learn weights generation by generation, with a progress bar, a report
//! per generation, checkpoints and the best weights written atomically after every generation,
//! and `--resume` to continue a checkpoint exactly.

use crate::{parse_board, parse_positive, parse_rules, progress_bar, thread_pool};
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};
use tetris_ai::ai::presets;
use tetris_ai::train::anneal::AnnealConfig;
use tetris_ai::train::cem::CemConfig;
use tetris_ai::train::checkpoint::write_atomically;
use tetris_ai::train::evolution::{Evolution, EvolutionConfig, OptimizerConfig, Report};
use tetris_ai::train::fitness::FitnessConfig;
use tetris_ai::train::ga;
use tetris_ai::train::hill::HillConfig;
use tetris_ai::{RuleSet, Rules};

/// The optimizers `evolve` can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Optimizer {
    /// A genetic algorithm (configured by --ga).
    Ga,
    /// The noisy cross-entropy method.
    Cem,
    /// The perturbation hill-climber.
    HillClimb,
    /// Simulated annealing.
    Anneal,
}

/// Arguments of `evolve`.
#[derive(Debug, Args)]
pub struct EvolveArgs {
    /// The optimizer.
    #[arg(long, value_enum, default_value = "cem")]
    optimizer: Optimizer,

    /// The genetic algorithm's configuration preset (cs3243, csharp, python).
    #[arg(long, value_name = "NAME", default_value = "cs3243")]
    ga: String,

    /// The features to learn: a comma-separated list, or the name of a weight preset whose
    /// features are used (default: the GA preset's write-up's features for --optimizer ga, else
    /// du's).
    #[arg(long, value_name = "LIST")]
    features: Option<String>,

    /// The optimizer's full settings as JSON (for the GA: population, survivors, selection,
    /// crossover, mutation; see the README), replacing the preset or defaults.
    #[arg(long, value_name = "FILE")]
    settings: Option<PathBuf>,

    /// Individuals per generation (default: the optimizer's own).
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    population: Option<u64>,

    /// Training board size as WIDTHxHEIGHT.
    #[arg(long, value_name = "WxH", default_value = "10x10", value_parser = parse_board)]
    board: (usize, usize),

    /// Training rules: classic or guideline.
    #[arg(long, value_name = "RULES", default_value = "classic", value_parser = parse_rules)]
    rules: RuleSet,

    /// Games per individual (K).
    #[arg(long, value_name = "K", default_value_t = 10, value_parser = parse_positive)]
    games: u64,

    /// Stop each training game after this many pieces.
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    max_pieces: Option<u64>,

    /// Let every individual play its own games instead of the generation's common ones.
    #[arg(long)]
    no_common_seeds: bool,

    /// The run's seed.
    #[arg(long, value_name = "SEED", default_value_t = 0)]
    seed: u64,

    /// Run until this many generations in all have been played.
    #[arg(long, value_name = "N", default_value_t = 50, value_parser = parse_positive)]
    generations: u64,

    /// Worker threads (default: one per core).
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    threads: Option<u64>,

    /// Save the whole run here after every generation.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,

    /// Write the best weights found here (JSON) after every generation.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,

    /// Continue the run saved in this checkpoint (its configuration is used; it is also where
    /// the run is saved unless --checkpoint says otherwise).
    #[arg(long, value_name = "FILE", conflicts_with_all = [
        "optimizer", "ga", "settings", "features", "population", "board", "rules", "games", "max_pieces",
        "no_common_seeds", "seed",
    ])]
    resume: Option<PathBuf>,

    /// Print each generation's report as one JSON line (no progress bar).
    #[arg(long)]
    json: bool,
}

/// The feature names a `--features` value stands for.
fn feature_list(value: &str) -> Result<Vec<String>, String> {
    if let Ok(preset) = presets::find(value) {
        return Ok(preset.terms.iter().map(|t| t.0.to_string()).collect());
    }
    Ok(value
        .split(',')
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .collect())
}

impl EvolveArgs {
    /// The run's configuration from the options.
    fn config(&self) -> Result<EvolutionConfig, String> {
        let default_features = match (self.optimizer, self.ga.as_str()) {
            (Optimizer::Ga, "csharp") => "takado8",
            (Optimizer::Ga, "python") => {
                "rows_cleared,holes,max_height,blocks,avg_height,blocks_above_holes,gaps"
            }
            (Optimizer::Ga, _) => "cs3243",
            _ => "du",
        };
        let features = feature_list(self.features.as_deref().unwrap_or(default_features))?;
        let names: Vec<&str> = features.iter().map(String::as_str).collect();
        let population = self.population.map(|n| n as usize);
        let (optimizer, ranges) = match self.optimizer {
            Optimizer::Ga => {
                let (mut config, ranges) =
                    ga::preset(&self.ga, &names).map_err(|e| e.to_string())?;
                config.population = population.unwrap_or(config.population);
                (OptimizerConfig::Ga(config), ranges)
            }
            Optimizer::Cem => {
                let mut config = CemConfig::default();
                config.population = population.unwrap_or(config.population);
                (OptimizerConfig::Cem(config), vec![(-1.0, 1.0); names.len()])
            }
            Optimizer::HillClimb => (
                OptimizerConfig::HillClimb(HillConfig::default()),
                vec![(-1.0, 1.0); names.len()],
            ),
            Optimizer::Anneal => {
                let mut config = AnnealConfig::default();
                config.candidates = population.unwrap_or(config.candidates);
                (
                    OptimizerConfig::Anneal(config),
                    vec![(-1.0, 1.0); names.len()],
                )
            }
        };
        let optimizer = match &self.settings {
            Some(path) => settings(path, optimizer)?,
            None => optimizer,
        };
        Ok(EvolutionConfig {
            features,
            ranges,
            optimizer,
            fitness: FitnessConfig {
                width: self.board.0,
                height: self.board.1,
                rules: Rules::of(self.rules),
                games: self.games as usize,
                max_pieces: self.max_pieces,
                common_seeds: !self.no_common_seeds,
                depth: 1,
            },
            seed: self.seed,
        })
    }
}

/// `default` with its settings replaced by those in the JSON file at `path`.
fn settings(path: &Path, default: OptimizerConfig) -> Result<OptimizerConfig, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read settings file {}: {e}", path.display()))?;
    let bad = |e: serde_json::Error| format!("settings file {}: {e}", path.display());
    Ok(match default {
        OptimizerConfig::Ga(_) => OptimizerConfig::Ga(serde_json::from_str(&text).map_err(bad)?),
        OptimizerConfig::Cem(_) => OptimizerConfig::Cem(serde_json::from_str(&text).map_err(bad)?),
        OptimizerConfig::HillClimb(_) => {
            OptimizerConfig::HillClimb(serde_json::from_str(&text).map_err(bad)?)
        }
        OptimizerConfig::Anneal(_) => {
            OptimizerConfig::Anneal(serde_json::from_str(&text).map_err(bad)?)
        }
    })
}

/// One line of a generation's report.
fn report_line(report: &Report) -> String {
    format!(
        "generation {:>4}: best {:>10.1}  mean {:>10.1}  median {:>10.1}  best ever {:>10.1}  games {:>9}  {:>8.1} s",
        report.generation,
        report.best,
        report.mean,
        report.median,
        report.best_ever,
        report.games_played,
        report.elapsed_seconds
    )
}

/// Saves the run and the best weights where asked, each atomically.
fn save(run: &Evolution, checkpoint: Option<&Path>, out: Option<&Path>) -> Result<(), String> {
    if let Some(path) = checkpoint {
        run.save(path).map_err(|e| e.to_string())?;
    }
    if let (Some(path), Some((weights, _))) = (out, run.best()) {
        write_atomically(path, weights.to_json().as_bytes()).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Runs `evolve`.
pub fn evolve(args: &EvolveArgs) -> Result<(), String> {
    let mut run = match &args.resume {
        Some(path) => Evolution::load(path).map_err(|e| e.to_string())?,
        None => Evolution::new(args.config()?).map_err(|e| e.to_string())?,
    };
    let checkpoint = args.checkpoint.as_deref().or(args.resume.as_deref());
    let pool = thread_pool(args.threads)?;
    let config = run.config().clone();
    if !args.json {
        eprintln!(
            "{} on {} rules, {}x{} board, {} games per individual, features {}",
            config.optimizer.name(),
            config.fitness.rules.kind.name(),
            config.fitness.width,
            config.fitness.height,
            config.fitness.games,
            config.features.join(", ")
        );
    }
    while u64::from(run.generation()) < args.generations {
        let bar = progress_bar(
            0,
            args.json,
            "generation {msg} [{bar:40}] {pos}/{len} games (eta {eta})",
        );
        bar.set_message((run.generation() + 1).to_string());
        let report = pool.install(|| {
            run.next_generation(&|done, total| {
                bar.set_length(total);
                bar.set_position(done);
            })
        });
        bar.finish_and_clear();
        if args.json {
            println!(
                "{}",
                serde_json::to_string(&report).map_err(|e| e.to_string())?
            );
        } else {
            println!("{}", report_line(&report));
        }
        save(&run, checkpoint, args.out.as_deref())?;
    }
    if !args.json
        && let Some((weights, fitness)) = run.best()
    {
        println!(
            "best weights (fitness {fitness:.1}):\n{}",
            weights.to_json()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cli, Command};
    use clap::Parser;

    fn args(extra: &[&str]) -> EvolveArgs {
        let cli = Cli::try_parse_from(["t", "evolve"].iter().chain(extra)).unwrap();
        let Command::Evolve(args) = cli.command else {
            panic!("parsed as evolve")
        };
        args
    }

    #[test]
    fn features_come_from_a_preset_or_a_list() {
        assert_eq!(feature_list("lee").unwrap()[0], "aggregate_height");
        assert_eq!(
            feature_list("holes, max_height,").unwrap(),
            vec!["holes".to_string(), "max_height".to_string()]
        );
    }

    #[test]
    fn every_optimizer_makes_a_valid_run() {
        for optimizer in ["ga", "cem", "hill-climb", "anneal"] {
            let config = args(&["--optimizer", optimizer]).config().unwrap();
            assert!(Evolution::new(config).is_ok(), "{optimizer}");
        }
        let python = args(&["--optimizer", "ga", "--ga", "python"])
            .config()
            .unwrap();
        assert_eq!(python.features.len(), 7);
        let unknown = args(&["--features", "holes,wells"]).config().unwrap();
        let error = Evolution::new(unknown).unwrap_err().to_string();
        assert!(error.contains("\"wells\""), "{error}");
    }

    #[test]
    fn resume_takes_its_configuration_from_the_checkpoint() {
        let parse = |extra: &[&str]| Cli::try_parse_from(["t", "evolve"].iter().chain(extra));
        assert!(parse(&["--resume", "run.json", "--generations", "9"]).is_ok());
        assert!(parse(&["--resume", "run.json", "--board", "6x6"]).is_err());
        assert!(parse(&["--resume", "run.json", "--optimizer", "ga"]).is_err());
    }
}
