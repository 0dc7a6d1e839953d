//! The samples of a package shown at the end of its statement, as the format's tools render
//! them: each sample's input and answer, or, where it has one, its `.interaction` file, the
//! conversation of an interactive problem (`>` lines what the program writes, `<` lines what it
//! reads), in place of both.

use std::fmt::Write as _;

use super::problem::Package;
use super::reading::{PackageError, read_text, sorted_names};

impl Package {
    /// The samples of `data/sample/` in Markdown, in the order of their names, under a heading
    /// of their own; empty where the package has none.
    ///
    /// # Errors
    ///
    /// When a sample's file cannot be read, or is not UTF-8 text.
    pub fn samples_markdown(&self) -> Result<String, PackageError> {
        let dir = self.folder.join("data").join("sample");
        if !dir.is_dir() {
            return Ok(String::new());
        }
        // A sample may be its `.interaction` alone, which is no test case.
        let mut bases: Vec<String> = sorted_names(&dir)?
            .iter()
            .filter_map(|name| {
                name.strip_suffix(".interaction")
                    .or_else(|| name.strip_suffix(".in"))
                    .map(str::to_owned)
            })
            .collect();
        bases.dedup();
        let mut text = String::new();
        let mut number = 0;
        for base in bases {
            let file = |extension: &str| dir.join(format!("{base}.{extension}"));
            let (interaction, input, answer) = (file("interaction"), file("in"), file("ans"));
            let shown = if interaction.is_file() {
                let mut shown = String::from(
                    "A conversation: lines that start with `>` are what the program writes, \
                     those that start with `<` what it reads.\n\n",
                );
                shown.push_str(&block(&read_text(&interaction)?));
                shown
            } else if input.is_file() && answer.is_file() {
                format!(
                    "Input:\n\n{}\nOutput:\n\n{}",
                    block(&read_text(&input)?),
                    block(&read_text(&answer)?)
                )
            } else {
                continue;
            };
            number += 1;
            let _ = write!(text, "\n### Sample {number} (`sample/{base}`)\n\n{shown}");
        }
        if text.is_empty() {
            return Ok(text);
        }
        Ok(format!("## Samples\n{text}"))
    }
}

/// `content` as a fenced block, its fence longer than any run of backticks in it.
fn block(content: &str) -> String {
    let longest = content.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    let mut body = content.to_owned();
    if !body.is_empty() && !body.ends_with('\n') {
        body.push('\n');
    }
    format!("{fence}\n{body}{fence}\n")
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::package::load;

    fn test_package(name: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/packages")
            .join(name)
    }

    #[test]
    fn an_interaction_is_shown_in_place_of_the_samples_input_and_answer() {
        let package = load(&test_package("problemtools-guess")).expect("it loads");
        let text = package.samples_markdown().expect("its samples");
        assert!(
            text.starts_with(
                "## Samples\n\n### Sample 1 (`sample/1`)\n\nA conversation: lines that start \
                 with `>` are what the program writes, those that start with `<` what it \
                 reads.\n\n```\n>"
            ),
            "{text}"
        );
        assert!(!text.contains("Input:"), "{text}");
    }

    #[test]
    fn a_samples_input_and_answer_are_shown() {
        let package = load(&test_package("sum-floats")).expect("it loads");
        assert_eq!(
            package.samples_markdown().expect("its samples"),
            "## Samples\n\n### Sample 1 (`sample/1`)\n\nInput:\n\n```\n3\n1.5 2.5 3.5\n```\n\n\
             Output:\n\n```\n2.5\n```\n"
        );
    }

    #[test]
    fn a_fence_is_longer_than_the_backticks_inside() {
        assert_eq!(block("a ``` b"), "````\na ``` b\n````\n");
        assert_eq!(block(""), "```\n```\n");
    }
}
