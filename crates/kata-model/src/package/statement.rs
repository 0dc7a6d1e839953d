//! The problem statement: finding its file, and turning a LaTeX statement into Markdown.

use std::path::{Path, PathBuf};

/// A problem statement's file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The file: `statement/problem.<language>.<md|tex>` in `2023-07`, or
    /// `problem_statement/problem[.<language>].<md|tex>` in legacy.
    pub path: PathBuf,
    /// Its format.
    pub format: StatementFormat,
    /// The language code of its name, if it has one (`en` when it has none, by the format).
    pub language: Option<String>,
}

/// The format of a statement's file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatementFormat {
    /// `.md`.
    Markdown,
    /// `.tex`: the body of a LaTeX document.
    Latex,
}

/// The statement of the package in `folder`: in `statement/` or `problem_statement/`, Markdown
/// rather than LaTeX, English (or no language) rather than another, else the first in order of
/// names. A PDF statement is not taken, since it cannot be shown as text.
pub(super) fn find(folder: &Path) -> Option<Statement> {
    let mut found = Vec::new();
    for dir in ["statement", "problem_statement"] {
        let Ok(names) = super::reading::sorted_names(&folder.join(dir)) else {
            continue;
        };
        for name in names {
            let Some(rest) = name.strip_prefix("problem.") else {
                continue;
            };
            let (language, extension) = match rest.rsplit_once('.') {
                Some((language, extension)) => (Some(language.to_owned()), extension),
                None => (None, rest),
            };
            let format = match extension {
                "md" => StatementFormat::Markdown,
                "tex" => StatementFormat::Latex,
                _ => continue,
            };
            let english = matches!(language.as_deref(), None | Some("en"));
            let rank = (format != StatementFormat::Markdown, !english);
            found.push((
                rank,
                Statement {
                    path: folder.join(dir).join(&name),
                    format,
                    language,
                },
            ));
        }
    }
    // Stable: among equals, the first found stays first.
    found.sort_by_key(|(rank, _)| *rank);
    found.into_iter().next().map(|(_, statement)| statement)
}

/// A LaTeX statement as readable Markdown, by a small conversion of the commands statements
/// use, line by line:
///
/// - `\problemname{X}` becomes `# X`; `\section{X}` (or `\section*`) `## X`, `\subsection{X}`
///   `### X`; the format's `Input`, `Output` and `Interaction` environments a `## ` heading
///   of that name.
/// - `itemize` and `enumerate` become lists (`- ` and `1. ` for each `\item`); `verbatim` and
///   `lstlisting` become fenced code, their lines as they are.
/// - Math (`$…$`, `$$…$$`) is kept as it is, for a Markdown renderer with math.
/// - `\textbf`, `\emph`, `\textit`, `\texttt`, `\url` and `\href` become their Markdown;
///   `\underline`, `\textsc` and `\textrm` leave their text; `\illustration` becomes an image.
/// - Comments, `\noindent`, the skips, sizes and font switches, `\nextsample` and
///   `\remainingsamples` are dropped; `~` becomes a space, `--` and `---` dashes, ``` `` ```
///   and `''` quotes, `\ldots` an ellipsis, and `\%`, `\&`, `\{`, `\}` their character.
///
/// Anything else is left as it is.
#[must_use]
pub fn latex_to_markdown(latex: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut lists: Vec<bool> = Vec::new(); // numbered or not, innermost last
    let mut verbatim: Option<String> = None;
    for raw in latex.lines() {
        if let Some(environment) = &verbatim {
            if raw
                .trim_start()
                .starts_with(&format!("\\end{{{environment}}}"))
            {
                verbatim = None;
                lines.push("```".to_owned());
            } else {
                lines.push(raw.to_owned());
            }
            continue;
        }
        let line = strip_comment(raw);
        let trimmed = line.trim();
        if let Some(environment) = begin_or_end(trimmed, "\\begin") {
            match environment {
                "verbatim" | "lstlisting" => {
                    verbatim = Some(environment.to_owned());
                    lines.push("```".to_owned());
                }
                "itemize" | "enumerate" => lists.push(environment == "enumerate"),
                "Input" | "Output" | "Interaction" => lines.push(format!("## {environment}")),
                _ => {}
            }
            continue;
        }
        if let Some(environment) = begin_or_end(trimmed, "\\end") {
            if matches!(environment, "itemize" | "enumerate") {
                lists.pop();
            }
            continue;
        }
        let heading = [
            ("\\problemname", "#"),
            ("\\section", "##"),
            ("\\subsection", "###"),
        ]
        .into_iter()
        .find_map(|(command, marks)| {
            let rest = trimmed.strip_prefix(command)?;
            let rest = rest.strip_prefix('*').unwrap_or(rest);
            let (title, after) = braced(rest)?;
            Some(format!("{marks} {}{}", inline(title), inline(after)))
        });
        if let Some(heading) = heading {
            lines.push(heading);
        } else if let Some(item) = trimmed.strip_prefix("\\item") {
            let indent = "  ".repeat(lists.len().saturating_sub(1));
            let mark = if lists.last() == Some(&true) {
                "1."
            } else {
                "-"
            };
            lines.push(format!("{indent}{mark} {}", inline(item.trim_start())));
        } else if trimmed.is_empty() && !line.is_empty() {
            // A line that held only a comment or a command: gone, not a paragraph break.
            continue;
        } else {
            let text = inline(&line);
            // A line of commands that were all dropped is gone, not a paragraph break.
            if !text.trim().is_empty() || line.trim().is_empty() {
                lines.push(text.trim_end().to_owned());
            }
        }
    }
    // At most one blank line in a row, none at either end.
    let mut out = String::new();
    let mut blank = true;
    for line in lines {
        if line.trim().is_empty() {
            if !blank {
                out.push('\n');
            }
            blank = true;
        } else {
            out.push_str(&line);
            out.push('\n');
            blank = false;
        }
    }
    if out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// The environment of a `\begin{…}` or `\end{…}` that `line` starts with.
fn begin_or_end<'a>(line: &'a str, command: &str) -> Option<&'a str> {
    braced(line.strip_prefix(command)?).map(|(name, _)| name)
}

/// The text of a brace group at the start of `text` and what follows it, braces balanced.
fn braced(text: &str) -> Option<(&str, &str)> {
    let inner = text.strip_prefix('{')?;
    let mut depth = 1;
    let mut escaped = false;
    for (at, c) in inner.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some((&inner[..at], &inner[at + 1..]));
                }
            }
            _ => {}
        }
    }
    None
}

/// `line` without its comment: from a `%` that is not escaped.
fn strip_comment(line: &str) -> String {
    let mut escaped = false;
    for (at, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '%' => return line[..at].to_owned(),
            _ => {}
        }
    }
    line.to_owned()
}

/// Commands dropped, with their argument when they take one (`Some(n)`: n braced arguments).
const DROPPED: &[(&str, usize)] = &[
    ("noindent", 0),
    ("medskip", 0),
    ("bigskip", 0),
    ("smallskip", 0),
    ("centering", 0),
    ("par", 0),
    ("newpage", 0),
    ("clearpage", 0),
    ("nextsample", 0),
    ("remainingsamples", 0),
    ("tiny", 0),
    ("scriptsize", 0),
    ("small", 0),
    ("normalsize", 0),
    ("large", 0),
    ("Large", 0),
    ("LARGE", 0),
    ("huge", 0),
    ("Huge", 0),
    ("bf", 0),
    ("it", 0),
    ("tt", 0),
    ("vspace", 1),
    ("hspace", 1),
    ("label", 1),
];

/// Commands whose argument is wrapped: the text before and after it, and whether the argument
/// is kept as it is rather than converted.
const WRAPPED: &[(&str, &str, &str, bool)] = &[
    ("textbf", "**", "**", false),
    ("emph", "*", "*", false),
    ("textit", "*", "*", false),
    ("texttt", "`", "`", true),
    ("url", "<", ">", true),
    ("underline", "", "", false),
    ("textsc", "", "", false),
    ("textrm", "", "", false),
    ("sout", "~~", "~~", false),
];

/// The inline commands, math and typography of a line, in Markdown.
fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '$' {
            let fence = if rest.starts_with("$$") { "$$" } else { "$" };
            let end = rest[fence.len()..]
                .find(fence)
                .map(|at| at + 2 * fence.len());
            let end = end.unwrap_or(rest.len());
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        } else if c == '\\' {
            rest = command(&rest[1..], &mut out);
        } else if let Some((from, to)) = [
            ("---", "—"),
            ("--", "–"),
            ("``", "“"),
            ("''", "”"),
            ("~", " "),
        ]
        .into_iter()
        .find(|(from, _)| rest.starts_with(from))
        {
            out.push_str(to);
            rest = &rest[from.len()..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Writes the command that `rest` starts with (after its backslash) into `out`; what follows.
fn command<'a>(rest: &'a str, out: &mut String) -> &'a str {
    let length = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    if length == 0 {
        // A one-character command: an escaped character, or a line break.
        let Some(c) = rest.chars().next() else {
            out.push('\\');
            return rest;
        };
        match c {
            '%' | '&' | '{' | '}' | ' ' => out.push(c),
            '\\' => out.push_str("  \n"),
            _ => {
                out.push('\\');
                out.push(c);
            }
        }
        return &rest[c.len_utf8()..];
    }
    let (name, mut after) = rest.split_at(length);
    if let Some((_, arguments)) = DROPPED.iter().find(|(dropped, _)| *dropped == name) {
        for _ in 0..*arguments {
            if let Some((_, following)) = braced(after.trim_start()) {
                after = following;
            }
        }
        return after
            .strip_prefix(' ')
            .filter(|_| *arguments == 0)
            .unwrap_or(after);
    }
    if matches!(name, "ldots" | "dots" | "textellipsis") {
        out.push('…');
        return after.strip_prefix("{}").unwrap_or(after);
    }
    if let Some((_, before, behind, raw)) = WRAPPED.iter().find(|(wrapped, ..)| *wrapped == name)
        && let Some((argument, following)) = braced(after)
    {
        out.push_str(before);
        out.push_str(&if *raw {
            argument.to_owned()
        } else {
            inline(argument)
        });
        out.push_str(behind);
        return following;
    }
    if name == "href"
        && let Some((url, following)) = braced(after)
        && let Some((label, following)) = braced(following)
    {
        out.push_str(&format!("[{}]({url})", inline(label)));
        return following;
    }
    if name == "illustration"
        && let Some((_, following)) = braced(after)
        && let Some((file, following)) = braced(following)
        && let Some((caption, following)) = braced(following)
    {
        out.push_str(&format!("![{}]({file})", inline(caption)));
        return following;
    }
    out.push('\\');
    out.push_str(name);
    after
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_a_latex_statement_into_markdown() {
        let latex = "\\problemname{Guess the Number}\n%% plainproblemname: Guess\n\n\
                     I am thinking of a number $1 \\le x \\le 1000$ -- guess it~now.\n\
                     \\textbf{Note:} see \\url{https://example.com} and \\emph{flush}.\n\n\
                     \\section*{Input}\nNothing\\ldots\n\\begin{itemize}\n\\item \\texttt{lower} \
                     if too high;\n\\item ``correct''.\n\\end{itemize}\n\\begin{verbatim}\n\
                     a  $b$ -- c\n\\end{verbatim}\n\\begin{Output}\n$$x^2$$ 50\\%\n\\end{Output}\n\
                     \\noindent\\unknown{x}\n";
        assert_eq!(
            latex_to_markdown(latex),
            "# Guess the Number\n\n\
             I am thinking of a number $1 \\le x \\le 1000$ – guess it now.\n\
             **Note:** see <https://example.com> and *flush*.\n\n## Input\nNothing…\n\
             - `lower` if too high;\n- “correct”.\n```\na  $b$ -- c\n```\n## Output\n\
             $$x^2$$ 50%\n\\unknown{x}\n"
        );
    }

    #[test]
    fn numbers_enumerations_and_nests_lists() {
        let latex = "\\begin{enumerate}\n\\item one\n\\begin{itemize}\n\\item inner\n\
                     \\end{itemize}\n\\end{enumerate}\n";
        assert_eq!(latex_to_markdown(latex), "1. one\n  - inner\n");
    }

    #[test]
    fn keeps_unknown_text_and_escaped_percent() {
        assert_eq!(
            latex_to_markdown("5\\% of \\foo{bar} % gone\n"),
            "5% of \\foo{bar}\n"
        );
        assert_eq!(
            latex_to_markdown("\\href{https://x.org}{the \\emph{site}}\n"),
            "[the *site*](https://x.org)\n"
        );
    }
}
