//! What every reader of a package's files shares: the error that names the file (and line) to
//! blame, and a file's text or a folder's names read.

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

/// A package that cannot be read, with the place to look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackageError {
    /// The file or folder to blame.
    pub path: PathBuf,
    /// The 1-based line of the file, where one is known.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl PackageError {
    pub(super) fn new(path: impl Into<PathBuf>, message: impl Into<String>) -> PackageError {
        PackageError {
            path: path.into(),
            line: None,
            message: message.into(),
        }
    }

    pub(super) fn io(path: &Path, error: &std::io::Error) -> PackageError {
        PackageError::new(path, format!("cannot be read: {error}"))
    }
}

impl fmt::Display for PackageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for PackageError {}

/// The text of a file of the package.
pub(super) fn read_text(path: &Path) -> Result<String, PackageError> {
    let bytes = fs::read(path).map_err(|error| PackageError::io(path, &error))?;
    String::from_utf8(bytes).map_err(|_| PackageError::new(path, "is not UTF-8 text"))
}

/// The names in `folder`, sorted, leaving out hidden ones (`.git`, editors' files).
pub(super) fn sorted_names(folder: &Path) -> Result<Vec<String>, PackageError> {
    let entries = fs::read_dir(folder).map_err(|error| PackageError::io(folder, &error))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|error| PackageError::io(folder, &error))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with('.') {
            names.push(name);
        }
    }
    names.sort();
    Ok(names)
}
