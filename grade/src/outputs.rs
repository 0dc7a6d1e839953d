//! Where the results of a run go: the formats asked for with `--format NAME[=FILE]` (and
//! `--json FILE`), each to its file or to standard output, checked before any case runs and
//! written whole. In a class, a format of one submission (a platform's own) writes a file a
//! submission, `{}` in its name standing for the submission's folder name.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use report::format::{Context, Format, Request};
use report::results_file;

use crate::class::replace_placeholder;
use crate::error::GradeError;

/// The formats asked for, checked.
#[derive(Debug)]
pub struct Outputs {
    /// Each format and its file, in the order given; at most one without a file.
    pub requests: Vec<Request>,
}

impl Outputs {
    /// The formats `formats` and `json` (the older `--json FILE`) ask for, for a class when
    /// `class`.
    ///
    /// # Errors
    ///
    /// A usage error for more than one format on standard output, a class's page outside a
    /// class, a format of one submission in a class without `{}` in its file, or a file that
    /// cannot be written.
    pub fn new(
        formats: &[Request],
        json: Option<&Path>,
        class: bool,
    ) -> Result<Outputs, GradeError> {
        let mut requests = formats.to_vec();
        requests.extend(json.map(|file| Request {
            format: Format::Json,
            file: Some(file.to_owned()),
        }));
        let on_stdout: Vec<&Request> = requests
            .iter()
            .filter(|request| request.file.is_none())
            .collect();
        if on_stdout.len() > 1 {
            return Err(GradeError::Usage(format!(
                "--format {} and --format {} both ask for standard output: give all but one a \
                 file (--format NAME=FILE)",
                on_stdout[0].format, on_stdout[1].format
            )));
        }
        for request in &requests {
            let format = request.format;
            if format == Format::Html && !class {
                return Err(GradeError::Usage(
                    "--format html is a class's page: give --class DIR".to_owned(),
                ));
            }
            if format == Format::Csv && !class {
                return Err(GradeError::Usage(
                    "--format csv is a class's gradebook, a row a submission: give --class DIR"
                        .to_owned(),
                ));
            }
            let templated = request.file.as_deref().is_some_and(has_placeholder);
            if templated && !class {
                return Err(GradeError::Usage(format!(
                    "--format {format}: `{{}}` in a file's name stands for each submission's, \
                     and needs --class DIR"
                )));
            }
            if class && !format.holds_a_class() && !templated {
                return Err(GradeError::Usage(format!(
                    "--format {format} writes one file a submission: give a file name in which \
                     `{{}}` stands for each submission's, such as --format {format}=results/{{}}.{}",
                    extension(format)
                )));
            }
            // A file in a folder named after each submission is checked once the class's
            // submissions are known ([`Outputs::check_submission_folders`]).
            if let Some(file) = request
                .file
                .as_deref()
                .filter(|file| !in_submission_folder(file))
            {
                let checked = if templated {
                    replace_placeholder(file.as_os_str(), OsStr::new("submission")).into()
                } else {
                    file.to_owned()
                };
                results_file::check_destination(&checked).map_err(GradeError::Usage)?;
            }
        }
        Ok(Outputs { requests })
    }

    /// The format written to standard output: the one given without a file, else text.
    #[must_use]
    pub fn on_stdout(&self) -> Format {
        self.on_stdout_format().unwrap_or(Format::Text)
    }

    /// The format given without a file, if one is.
    #[must_use]
    pub fn on_stdout_format(&self) -> Option<Format> {
        self.requests
            .iter()
            .find(|request| request.file.is_none())
            .map(|request| request.format)
    }

    /// Whether any format needs a score, and so every case run.
    #[must_use]
    pub fn need_every_case(&self) -> bool {
        self.requests
            .iter()
            .any(|request| request.format.needs_every_case())
    }

    /// Whether a class's results must be kept for a format written at its end.
    #[must_use]
    pub fn keep_class(&self) -> bool {
        self.requests
            .iter()
            .any(|request| request.format != Format::Text && request.format.holds_a_class())
    }

    /// The files of the formats asked for that hold a whole run (`format`, `file`).
    pub fn files(&self) -> impl Iterator<Item = (Format, &Path)> {
        self.requests.iter().filter_map(|request| {
            request
                .file
                .as_deref()
                .filter(|file| !has_placeholder(file))
                .map(|file| (request.format, file))
        })
    }

    /// The files of the formats of one submission, for the submission named `name`.
    pub fn submission_files<'a>(
        &'a self,
        name: &'a OsStr,
    ) -> impl Iterator<Item = (Format, PathBuf)> + 'a {
        self.requests.iter().filter_map(move |request| {
            request
                .file
                .as_deref()
                .filter(|file| has_placeholder(file))
                .map(|file| {
                    (
                        request.format,
                        replace_placeholder(file.as_os_str(), name).into(),
                    )
                })
        })
    }

    /// Checks, before any grading, that the files whose folder is named after each submission
    /// (`--format gradescope={}/results.json`) can be written for each of `names`: the others
    /// were checked when the formats were read.
    ///
    /// # Errors
    ///
    /// A usage error for the first that cannot.
    pub fn check_submission_folders<'a>(
        &self,
        names: impl Iterator<Item = &'a OsStr>,
    ) -> Result<(), GradeError> {
        let files: Vec<&Path> = self
            .requests
            .iter()
            .filter_map(|request| request.file.as_deref())
            .filter(|file| in_submission_folder(file))
            .collect();
        for name in names {
            for file in &files {
                let file = PathBuf::from(replace_placeholder(file.as_os_str(), name));
                results_file::check_destination(&file).map_err(GradeError::Usage)?;
            }
        }
        Ok(())
    }

    /// Every file this run may write, for the sandbox to hide: those of one submission for
    /// each of `names`.
    pub fn every_file<'a>(&'a self, names: impl Iterator<Item = &'a OsStr> + 'a) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = self.files().map(|(_, file)| file.to_owned()).collect();
        for name in names {
            files.extend(self.submission_files(name).map(|(_, file)| file));
        }
        files
    }
}

/// Writes `text` to `file`, whole or not at all.
///
/// # Errors
///
/// When it cannot be written.
pub fn write(file: &Path, text: &str) -> Result<(), GradeError> {
    results_file::write(file, text).map_err(|error| GradeError::Output {
        what: file.display().to_string(),
        error,
    })
}

/// What a report needs beyond the results: `label` for what was graded, the time, and VPL's
/// scale from the environment VPL gives its scripts (`VPL_GRADEMAX`).
#[must_use]
pub fn context(label: String) -> Context {
    Context {
        label,
        now: SystemTime::now(),
        vpl_grade_max: std::env::var("VPL_GRADEMAX")
            .ok()
            .and_then(|max| max.trim().parse().ok())
            .filter(|max: &f64| max.is_finite() && *max > 0.0),
    }
}

/// Whether `file`'s folder is named after each submission: its folder holds `{}`.
fn in_submission_folder(file: &Path) -> bool {
    file.parent().is_some_and(has_placeholder)
}

/// Whether `file` holds `{}`.
fn has_placeholder(file: &Path) -> bool {
    file.as_os_str()
        .as_bytes()
        .windows(2)
        .any(|pair| pair == b"{}")
}

/// The usual extension of a format's files.
fn extension(format: Format) -> &'static str {
    match format {
        Format::Text | Format::GithubClassroom | Format::Vpl => "txt",
        Format::Junit => "xml",
        Format::Html => "html",
        Format::Csv => "csv",
        Format::Json | Format::Gradescope | Format::Prairielearn | Format::Ctrf => "json",
    }
}
