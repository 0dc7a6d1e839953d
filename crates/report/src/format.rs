//! The formats results are written in, by name (`--format NAME[=FILE]`): today's text and
//! JSON, each teaching platform's own, the CI dashboards' JUnit XML and CTRF, and the class's
//! HTML page and CSV gradebook. Every one is written from the one [`model`](crate::model); this
//! is the one module that knows them all.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::SystemTime;

use crate::model::{ClassResults, ProgramResults};
use crate::{csv, ctrf, github_classroom, gradescope, html, json, junit, prairielearn, vpl};

/// A format of results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The report for people: a line a case and the feedback of each failure.
    Text,
    /// The JSON document modelled on Exercism's `results.json`.
    Json,
    /// A GitHub Classroom autograding step's `result`: base64 of its JSON.
    GithubClassroom,
    /// Gradescope's `results.json`.
    Gradescope,
    /// PrairieLearn's external grader `results.json`.
    Prairielearn,
    /// Moodle VPL's `Comment :=>>` and `Grade :=>>` lines.
    Vpl,
    /// JUnit XML, as CI dashboards read it.
    Junit,
    /// The Common Test Report Format's JSON.
    Ctrf,
    /// A class's page: a self-contained HTML file.
    Html,
    /// A class's gradebook: a CSV row a submission.
    Csv,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: [Format; 10] = [
        Format::Text,
        Format::Json,
        Format::GithubClassroom,
        Format::Gradescope,
        Format::Prairielearn,
        Format::Vpl,
        Format::Junit,
        Format::Ctrf,
        Format::Html,
        Format::Csv,
    ];

    /// Its name, as `--format` takes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Json => "json",
            Format::GithubClassroom => "github-classroom",
            Format::Gradescope => "gradescope",
            Format::Prairielearn => "prairielearn",
            Format::Vpl => "vpl",
            Format::Junit => "junit",
            Format::Ctrf => "ctrf",
            Format::Html => "html",
            Format::Csv => "csv",
        }
    }

    /// Whether one document holds a whole class; the platforms' own formats hold one
    /// submission each, so a class writes one file a submission.
    #[must_use]
    pub fn holds_a_class(self) -> bool {
        matches!(
            self,
            Format::Text | Format::Json | Format::Junit | Format::Ctrf | Format::Html | Format::Csv
        )
    }

    /// Whether the format gives a score, which needs every case run (as `--all` does).
    #[must_use]
    pub fn needs_every_case(self) -> bool {
        !matches!(self, Format::Text | Format::Json)
    }

    /// The document of one program's results, for every format but text and HTML (which are
    /// written from the run itself and from a class).
    #[must_use]
    pub fn program(self, results: &ProgramResults, context: &Context) -> Option<String> {
        Some(match self {
            Format::Text | Format::Html | Format::Csv => return None,
            Format::Json => json::program(results),
            Format::GithubClassroom => github_classroom::program(results),
            Format::Gradescope => gradescope::program(results),
            Format::Prairielearn => prairielearn::program(results),
            Format::Vpl => vpl::program(results, context.vpl_grade_max),
            Format::Junit => junit::program(results, &context.label),
            Format::Ctrf => ctrf::program(results, &context.label, context.now),
        })
    }

    /// The document of a class's results, for the formats that hold a class but text.
    #[must_use]
    pub fn class(self, class: &ClassResults, context: &Context) -> Option<String> {
        Some(match self {
            Format::Json => json::class(class),
            Format::Junit => junit::class(class),
            Format::Ctrf => ctrf::class(class, &context.label, context.now),
            Format::Html => html::class(class, &context.label),
            Format::Csv => csv::class(class),
            _ => return None,
        })
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;

    fn from_str(name: &str) -> Result<Format, String> {
        Format::ALL
            .into_iter()
            .find(|format| format.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Format::ALL.iter().map(|format| format.name()).collect();
                format!("no format `{name}`: the formats are {}", names.join(", "))
            })
    }
}

/// What a report needs beyond the results: what was graded, when, and on what scale.
#[derive(Clone, Debug)]
pub struct Context {
    /// What was graded, for people: "stage 2 of Calculator".
    pub label: String,
    /// When the report is written.
    pub now: SystemTime,
    /// The grade VPL gives a submission that earns every point (its `VPL_GRADEMAX`), when
    /// known; else the grade is the points earned.
    pub vpl_grade_max: Option<f64>,
}

/// `--format NAME[=FILE]`: a format, and the file it goes to (standard output without one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The format.
    pub format: Format,
    /// Its file; in a class, for a format of one submission, a name in which `{}` stands for
    /// each submission's.
    pub file: Option<PathBuf>,
}

impl FromStr for Request {
    type Err = String;

    fn from_str(text: &str) -> Result<Request, String> {
        let (name, file) = match text.split_once('=') {
            Some((_, "")) => return Err(format!("`{text}` names no file after `=`")),
            Some((name, file)) => (name, Some(PathBuf::from(file))),
            None => (text, None),
        };
        Ok(Request {
            format: name.parse()?,
            file,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_names_a_format_and_maybe_a_file() {
        let request: Request = "junit=out/report.xml".parse().expect("a request");
        assert_eq!(request.format, Format::Junit);
        assert_eq!(request.file, Some(PathBuf::from("out/report.xml")));
        assert_eq!("vpl".parse::<Request>().expect("a request").file, None);
        let unknown = "xml".parse::<Request>().expect_err("no such format");
        assert!(
            unknown.starts_with("no format `xml`: the formats are text, json"),
            "{unknown}"
        );
        assert!("json=".parse::<Request>().is_err());
    }
}
