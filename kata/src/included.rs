//! A problem package's `include/` files in a learner's project: those the package adds to each
//! submission in the project's language, copied beside each stage's program, and whether they
//! are a driver (a C or C++ source with a `main` of its own that calls the functions the
//! learner writes), as IOI's and CEOI's packages have.

use std::fs;
use std::path::{Path, PathBuf};

use crate::course::Course;
use crate::error::KataError;
use crate::lang::Language;

/// The files of a package's `include/` for one language.
#[derive(Debug)]
pub struct Included {
    /// Their folder, from the package's: `include/cpp`.
    pub shown: PathBuf,
    /// Each file: its path under the folder, and where it is.
    pub files: Vec<(PathBuf, PathBuf)>,
    /// The headers among them (`.h`, `.hpp`), by their path under the folder.
    pub headers: Vec<String>,
    /// The C or C++ sources among them that define `main`, by their path under the folder.
    pub drivers: Vec<String>,
}

impl Included {
    /// The files that `course`'s package adds to each submission in `language` (its language's
    /// folder of `include/`, else `include/default/`); `None` for a kata that is no package,
    /// or a package with neither folder.
    ///
    /// # Errors
    ///
    /// When the folder or a file in it cannot be read.
    pub fn of(course: &Course, language: Language) -> Result<Option<Included>, KataError> {
        let Some(package) = &course.kata.package else {
            return Ok(None);
        };
        let Some(folder) = package.include_for(language.language()) else {
            return Ok(None);
        };
        let mut files = Vec::new();
        collect(folder, Path::new(""), &mut files)?;
        files.sort();
        let named = |path: &Path| path.to_string_lossy().into_owned();
        let with_extension = |extensions: &[&str], path: &Path| {
            path.extension()
                .and_then(|extension| extension.to_str())
                .is_some_and(|extension| extensions.contains(&extension))
        };
        let headers = files
            .iter()
            .filter(|(relative, _)| with_extension(&["h", "hpp", "hh"], relative))
            .map(|(relative, _)| named(relative))
            .collect();
        let drivers = files
            .iter()
            .filter(|(relative, _)| with_extension(&["c", "cc", "cpp", "cxx"], relative))
            .filter(|(_, path)| fs::read_to_string(path).is_ok_and(|text| defines_main(&text)))
            .map(|(relative, _)| named(relative))
            .collect();
        Ok(Some(Included {
            shown: folder
                .strip_prefix(&package.folder)
                .unwrap_or(folder)
                .to_owned(),
            files,
            headers,
            drivers,
        }))
    }

    /// Whether a program in `language` is built with a driver of these files: a starter then
    /// has no `main` of its own, and does not build until the functions the driver calls are
    /// written.
    #[must_use]
    pub fn drives(&self, language: Language) -> bool {
        matches!(language, Language::C | Language::Cpp) && !self.drivers.is_empty()
    }

    /// Copies the files into `folder`, the folder of a stage's program, over any of the same
    /// name (the package's replace a submission's, as the format says).
    ///
    /// # Errors
    ///
    /// When a file cannot be copied.
    pub fn copy_into(&self, folder: &Path) -> Result<(), KataError> {
        for (relative, path) in &self.files {
            let target = folder.join(relative);
            if let Some(parent) = target.parent() {
                fs::create_dir_all(parent)
                    .map_err(KataError::file(format!("cannot make {}", parent.display())))?;
            }
            fs::copy(path, &target).map_err(KataError::file(format!(
                "cannot write {}",
                target.display()
            )))?;
        }
        Ok(())
    }
}

/// Every file under `folder`, each with its path under the folder it was first asked of
/// (`under`).
fn collect(
    folder: &Path,
    under: &Path,
    files: &mut Vec<(PathBuf, PathBuf)>,
) -> Result<(), KataError> {
    let entries = fs::read_dir(folder)
        .map_err(KataError::file(format!("cannot read {}", folder.display())))?;
    for entry in entries {
        let entry = entry.map_err(KataError::file(format!("cannot read {}", folder.display())))?;
        let (path, relative) = (entry.path(), under.join(entry.file_name()));
        if path.is_dir() {
            collect(&path, &relative, files)?;
        } else {
            files.push((relative, path));
        }
    }
    Ok(())
}

/// Whether the C or C++ source `text` defines `main`: a line that starts with `int main`.
fn defines_main(text: &str) -> bool {
    text.lines().any(|line| {
        line.trim_start()
            .strip_prefix("int")
            .and_then(|rest| rest.trim_start().strip_prefix("main"))
            .is_some_and(|after| after.trim_start().starts_with('('))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_driver_is_a_source_with_a_main_of_its_own() {
        assert!(defines_main(
            "#include \"sum.h\"\nint main() {\n  return 0;\n}\n"
        ));
        assert!(defines_main("int main(int argc, char **argv) {}\n"));
        assert!(!defines_main(
            "long long total(const std::vector<long long>& v);\n"
        ));
        assert!(!defines_main(
            "// int mainly a library\nint maintain(int x);\n"
        ));
    }
}
