//! Where the fixtures are: given with `--fixtures`, or those of the workspace `grade` runs in,
//! found at run time.

use std::env;
use std::path::{Path, PathBuf};

use harness::fixture;

use crate::error::GradeError;

/// The folder of stage `stage`'s fixtures: `DIR/stageN` (or `DIR` itself when it has no such
/// folder) for `--fixtures DIR`; else `stageN` in the nearest `fixtures` folder at or above the
/// workspace cargo runs grade in (`CARGO_MANIFEST_DIR`, set by `cargo run`), or else the
/// current folder.
///
/// # Errors
///
/// When there is no `fixtures` folder to be found.
pub fn fixtures_dir(given: Option<&Path>, stage: u8) -> Result<PathBuf, GradeError> {
    let stage_folder = format!("stage{stage}");
    if let Some(dir) = given {
        let nested = dir.join(&stage_folder);
        return Ok(if nested.is_dir() {
            nested
        } else {
            dir.to_owned()
        });
    }
    let start = match env::var_os("CARGO_MANIFEST_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => env::current_dir().map_err(|error| {
            GradeError::Usage(format!(
                "cannot tell the current folder ({error}): give --fixtures DIR"
            ))
        })?,
    };
    fixture::find_root(&start)
        .map(|root| root.join(stage_folder))
        .ok_or(GradeError::NoFixtures { start })
}
