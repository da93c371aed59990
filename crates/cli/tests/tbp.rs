//! `tetris-ai tbp` as a frontend runs it: `info` on the first line of standard output before any
//! message, one line per answer, a line on standard error for each malformed message while the
//! bot goes on, and a clean exit at `quit`; bad options refused by name.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tetris-ai"))
        .arg("tbp")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (
        output.status.success(),
        text(output.stdout),
        text(output.stderr),
    )
}

#[test]
fn the_bot_speaks_a_message_a_line_and_reports_bad_ones_on_standard_error() {
    let empty = format!(
        "[{}]",
        vec!["[null,null,null,null,null,null,null,null,null,null]"; 40].join(",")
    );
    let input = [
        r#"{"type": "rules"}"#.to_string(),
        "{oops".into(),
        format!(
            r#"{{"type": "start", "hold": null, "queue": ["T", "O"], "combo": 0, "back_to_back": false, "board": {empty}}}"#
        ),
        r#"{"type": "suggest"}"#.into(),
        r#"{"type": "quit"}"#.into(),
        r#"{"type": "suggest"}"#.into(),
    ]
    .join("\n");
    let (ok, stdout, stderr) = run(&["--depth", "2"], &input);
    assert!(ok, "{stderr}");
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let types: Vec<&str> = lines.iter().map(|m| m["type"].as_str().unwrap()).collect();
    // Nothing after quit: the last suggest is never read.
    assert_eq!(types, ["info", "ready", "suggestion"]);
    let first = &lines[2]["moves"][0]["location"];
    assert!(first["type"] == "T" || first["type"] == "O", "{first}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("tetris-ai tbp: a line that is no JSON was ignored"),
        "{stderr}"
    );
}

#[test]
fn the_end_of_the_input_ends_the_bot_and_bad_options_are_refused_by_name() {
    let (ok, stdout, _) = run(&[], "");
    assert!(ok);
    assert_eq!(stdout.lines().count(), 1, "info alone: {stdout}");
    let (ok, _, stderr) = run(&["--think-ms", "0"], "");
    assert!(!ok);
    assert!(stderr.contains("from 1 to 60000, got \"0\""), "{stderr}");
    let (ok, _, stderr) = run(&["--board", "10x12"], "");
    assert!(!ok);
    assert!(
        stderr.contains("the protocol's board is 10x20, got 10x12"),
        "{stderr}"
    );
    let (ok, _, stderr) = run(&["--rules", "classic"], "");
    assert!(!ok);
    assert!(stderr.contains("got classic rules"), "{stderr}");
}
