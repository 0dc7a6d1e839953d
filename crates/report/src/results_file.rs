//! A results file in any format, written carefully: its destination checked before any grading,
//! then the file written whole or not at all.

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Checks, before any grading, that results can be written to `path`: its folder exists and
/// takes new files, and `path`, if it exists, is a regular file and not a link.
///
/// # Errors
///
/// What is wrong with `path`, as a sentence for the user.
pub fn check_destination(path: &Path) -> Result<(), String> {
    let refuse = |why: String| format!("cannot write the results to {}: {why}", path.display());
    match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => {
            return Err(refuse("it is a link; give the file itself".to_owned()));
        }
        Ok(metadata) if !metadata.is_file() => {
            return Err(refuse("it is not a regular file".to_owned()));
        }
        Ok(_) => {}
        Err(error) if error.kind() == io::ErrorKind::NotFound => {}
        Err(error) => return Err(refuse(error.to_string())),
    }
    tempfile::NamedTempFile::new_in(folder_of(path))
        .map(drop)
        .map_err(|error| refuse(format!("its folder does not take new files ({error})")))
}

/// Writes `text` to `path` (the results in any format), whole or not at all: into a new file beside it,
/// then renamed over it. An interrupted write never leaves half a file or destroys the old one,
/// and whatever was planted at `path` meanwhile (a FIFO, a link) is replaced, never opened.
///
/// # Errors
///
/// When the file cannot be written.
pub fn write(path: &Path, text: &str) -> io::Result<()> {
    // Made as any file is, readable as the umask allows, not the temporary file's 0600: a
    // class's results are for the instructor's other tools and their web server to read.
    let mut file = tempfile::Builder::new()
        .permissions(std::fs::Permissions::from_mode(0o666))
        .tempfile_in(folder_of(path))?;
    file.write_all(text.as_bytes())?;
    file.persist(path).map_err(|error| error.error)?;
    Ok(())
}

/// The folder `path` is in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}
