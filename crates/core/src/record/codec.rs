//! Moves as text: each packed move (see [`super::moves`]) as an unsigned LEB128 integer (seven
//! bits a byte, low bits first, the high bit set on every byte but the last), the bytes in
//! base64url without padding, so that the text goes into a URL's hash as it is. A move of the AI
//! takes 3 bytes (4 characters); one dropped by hand 4 or 5.

use super::moves::Move;
use crate::error::{Error, Result};

/// The base64url alphabet: a 6-bit value's character.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The most bytes a packed move takes: 57 bits in sevens.
const MAX_MOVE_BYTES: usize = 9;

/// `moves` as text.
pub fn encode(moves: &[Move]) -> String {
    let mut bytes = Vec::with_capacity(moves.len() * 3);
    for played in moves {
        let mut value = played.packed();
        while value >= 0x80 {
            bytes.push((value as u8 & 0x7f) | 0x80);
            value >>= 7;
        }
        bytes.push(value as u8);
    }
    to_base64url(&bytes)
}

/// The moves of `text`, as [`encode`] writes them; text that is not is refused, naming the
/// first thing wrong with it (a character, a move cut short, a number that is no move).
pub fn decode(text: &str) -> Result<Vec<Move>> {
    let bytes = from_base64url(text)?;
    let mut moves = Vec::with_capacity(bytes.len() / 3);
    let mut value = 0u64;
    let mut length = 0;
    for &byte in &bytes {
        if length == MAX_MOVE_BYTES {
            return Err(Error::Config(format!(
                "move {} runs over {MAX_MOVE_BYTES} bytes: the moves are damaged",
                moves.len() + 1
            )));
        }
        value |= ((byte & 0x7f) as u64) << (7 * length);
        length += 1;
        if byte & 0x80 == 0 {
            let played = Move::from_packed(value)
                .map_err(|e| Error::Config(format!("move {}: {e}", moves.len() + 1)))?;
            moves.push(played);
            value = 0;
            length = 0;
        }
    }
    if length > 0 {
        return Err(Error::Config(format!(
            "move {} is cut short: the moves are damaged or incomplete",
            moves.len() + 1
        )));
    }
    Ok(moves)
}

/// `bytes` in base64url, without padding.
fn to_base64url(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u32, |word, (i, &b)| word | (b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            text.push(ALPHABET[(word >> (18 - 6 * i) & 0x3f) as usize] as char);
        }
    }
    text
}

/// The bytes of base64url text without padding; any other character, or a length no bytes
/// give, is refused, naming it.
fn from_base64url(text: &str) -> Result<Vec<u8>> {
    let mut values = Vec::with_capacity(text.len());
    for (i, c) in text.chars().enumerate() {
        let value = ALPHABET
            .iter()
            .position(|&a| a as char == c)
            .ok_or_else(|| {
                Error::Config(format!(
                    "character {} of the moves, {c:?}, is not one of A-Z, a-z, 0-9, - and _",
                    i + 1
                ))
            })?;
        values.push(value as u32);
    }
    if values.len() % 4 == 1 {
        return Err(Error::Config(format!(
            "the moves are {} characters long, which no bytes encode to: they are cut short",
            values.len()
        )));
    }
    let mut bytes = Vec::with_capacity(values.len() * 3 / 4);
    for chunk in values.chunks(4) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u32, |word, (i, &v)| word | v << (18 - 6 * i));
        for i in 0..chunk.len() - 1 {
            bytes.push((word >> (16 - 8 * i)) as u8);
        }
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_is_the_standard_alphabet_with_url_characters() {
        // RFC 4648's examples ("f", "fo", "foo", "foob"), and the two characters base64url
        // changes: 0xfb 0xff gives "+/8" in base64 and "-_8" here.
        assert_eq!(to_base64url(b"f"), "Zg");
        assert_eq!(to_base64url(b"fo"), "Zm8");
        assert_eq!(to_base64url(b"foo"), "Zm9v");
        assert_eq!(to_base64url(b"foob"), "Zm9vYg");
        assert_eq!(to_base64url(&[0xfb, 0xff]), "-_8");
        for text in ["Zg", "Zm8", "Zm9v", "Zm9vYg", "-_8", ""] {
            assert_eq!(to_base64url(&from_base64url(text).unwrap()), text);
        }
    }

    #[test]
    fn a_move_is_its_integer_seven_bits_a_byte() {
        // Hold, piece 0, rotation 0, spin 0, x = 4 - 4 = 0, y = 4 - 4 = 0: 1 | 4 << 8 | 4 << 13
        // = 33_793 = 0b10_0001000_0000001: bytes 0x81, 0x88, 0x02; base64url "gYgC".
        let played = Move::from_packed(1 | 4 << 8 | 4 << 13).unwrap();
        assert_eq!(encode(&[played]), "gYgC");
        assert_eq!(decode("gYgC").unwrap(), vec![played]);
    }

    #[test]
    fn damaged_text_is_refused_naming_what_is_wrong() {
        let err = |text: &str| decode(text).unwrap_err().to_string();
        assert_eq!(
            err("gY+C"),
            "character 3 of the moves, '+', is not one of A-Z, a-z, 0-9, - and _"
        );
        assert!(err("gYgCg").contains("5 characters long"));
        // 0x81 0x88: a move whose last byte never comes.
        assert_eq!(
            err(&to_base64url(&[0x81, 0x88])),
            "move 1 is cut short: the moves are damaged or incomplete"
        );
        assert!(err(&to_base64url(&[0xff; 10])).contains("move 1 runs over 9 bytes"));
        // Piece 7: 7 << 1 = 14.
        assert_eq!(
            err(&to_base64url(&[0x00, 14])),
            "move 2: piece number 7 is no piece (0 to 6)"
        );
    }
}
