//! Parsers of command-line values, each error naming the value it refuses, and help text made
//! from the library's own values.

use tetris_ai_core::engine::rules::SZ_HEAVY_ODDS;

/// Parses `WIDTHxHEIGHT` (e.g. `10x20`); the limits are checked by the library.
pub fn parse_board(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("board \"{text}\" is not WIDTHxHEIGHT (for example 10x20)");
    let (width, height) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let width = width.parse().map_err(|_| bad())?;
    let height = height.parse().map_err(|_| bad())?;
    Ok((width, height))
}

/// Parses a whole number of at least 1.
pub fn parse_positive(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("it must be at least 1 (got 0)".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("\"{text}\" is not a whole number")),
    }
}

/// Parses a name the library knows (rules, randomizer, top-out test, plan value, tie-break),
/// with the library's own error message.
pub fn parse_named<T: std::str::FromStr<Err = tetris_ai_core::Error>>(
    text: &str,
) -> Result<T, String> {
    text.parse()
        .map_err(|e: tetris_ai_core::Error| e.to_string())
}

/// The `--randomizer` flag's help, for where `pieces` come from: each randomizer and what it
/// deals.
pub fn randomizer_help(pieces: &str) -> String {
    format!(
        "Where {pieces} come from: uniform, bag (a shuffled 7-bag) or sz_heavy (S and Z each \
         {SZ_HEAVY_ODDS} times as likely as any other piece) [default: the rules' own]"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_sizes_parse_and_bad_ones_are_named() {
        assert_eq!(parse_board("10x20"), Ok((10, 20)));
        assert_eq!(parse_board("6X12"), Ok((6, 12)));
        for bad in ["10y20", "10x", "x20", "10x20x3", "-1x20", "ten x20", ""] {
            let error = parse_board(bad).unwrap_err();
            assert!(error.contains(&format!("\"{bad}\"")), "{error}");
        }
    }

    #[test]
    fn positive_numbers_refuse_zero_and_words() {
        assert_eq!(parse_positive("7"), Ok(7));
        assert_eq!(
            parse_positive("0").unwrap_err(),
            "it must be at least 1 (got 0)"
        );
        assert!(parse_positive("seven").unwrap_err().contains("\"seven\""));
    }
}
