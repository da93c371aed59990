//! Checkpoints written by earlier builds resume to the same run. Each file in `checkpoints/` was
//! written by `tetris-ai evolve` before the workspace split the engine into crates: a run of one
//! optimizer after two generations (`NAME.json`, from `--optimizer NAME --board 6x8 --games 3
//! --max-pieces 300 --seed 5 --population 6`, 10 for the GA, `--generations 2`), and the same
//! run's checkpoint after `--resume NAME.json --generations 3` (`NAME.next.json`). Resuming the
//! first here must give the second, the third generation's report and all, but for the seconds
//! it took.

use serde_json::Value;
use std::path::Path;
use tetris_ai_train::evolution::Evolution;
use tetris_ai_train::optimizers::OPTIMIZERS;

/// The checkpoint `text` as JSON, with every `elapsed_seconds` set to 0: the one figure a
/// resumed run does not repeat.
fn without_time(text: &str) -> Value {
    fn clear(value: &mut Value) {
        match value {
            Value::Object(map) => {
                for (key, item) in map.iter_mut() {
                    if key == "elapsed_seconds" {
                        *item = Value::from(0.0);
                    } else {
                        clear(item);
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(clear),
            _ => {}
        }
    }
    let mut value: Value = serde_json::from_str(text).unwrap();
    clear(&mut value);
    value
}

/// The text of `file` in `checkpoints/`.
fn read(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/checkpoints")
        .join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_optimizers_earlier_checkpoint_resumes_to_the_same_next_generation() {
    for optimizer in OPTIMIZERS {
        let name = optimizer.name;
        let mut run = Evolution::from_json(&read(&format!("{name}.json"))).unwrap();
        assert_eq!(run.config().optimizer.name(), name);
        assert_eq!(run.generation(), 2, "{name}");
        let report = run.next_generation(&|_, _| {}).unwrap();
        let expected = without_time(&read(&format!("{name}.next.json")));
        assert_eq!(
            without_time(&serde_json::to_string(&report).unwrap()),
            expected["history"][2],
            "{name}: the third generation's report"
        );
        assert_eq!(
            without_time(&run.to_json()),
            expected,
            "{name}: the checkpoint after it"
        );
    }
}
