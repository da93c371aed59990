//! Writing files so that a crash or a full disk never leaves a half-written one: the bytes go to
//! a temporary file beside the target, are flushed to disk, and only then renamed over it.

use std::fs;
use std::io::Write;
use std::path::Path;
use tetris_ai_core::error::{Error, Result};

/// Writes `bytes` to `path` atomically: either the whole new content is there or the old file is
/// left untouched.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let name = path.file_name().ok_or_else(|| {
        Error::File(format!(
            "cannot write to {}: not a file name",
            path.display()
        ))
    })?;
    let temporary = path.with_file_name(format!(".{}.partial", name.to_string_lossy()));
    let written = (|| -> std::io::Result<()> {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    written.map_err(|e| {
        let _ = fs::remove_file(&temporary);
        Error::File(format!("cannot write {}: {e}", path.display()))
    })
}

/// Reads `path` as text; the error names the file.
pub fn read_text(path: &Path) -> Result<String> {
    fs::read_to_string(path)
        .map_err(|e| Error::File(format!("cannot read {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_partial_file() {
        let dir = std::env::temp_dir().join(format!("tetris-ai-atomic-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let target = dir.join("state.json");
        write_atomically(&target, b"old").unwrap();
        write_atomically(&target, b"new").unwrap();
        assert_eq!(read_text(&target).unwrap(), "new");
        // A target inside a missing folder cannot be written: an error naming it, nothing left.
        let missing = dir.join("no-such-folder").join("state.json");
        let error = write_atomically(&missing, b"x").unwrap_err().to_string();
        assert!(error.contains("no-such-folder"), "{error}");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }
}
