//! The problem package format's table of languages (its `spec/languages.md`), as it is: each
//! language's code (as `languages` of `problem.yaml` gives it), its name, its default entry
//! point, and the file extensions that tell a program's language.

/// A language of the format's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FormatLanguage {
    /// Its code: `python3`.
    pub code: &'static str,
    /// Its name for people: `Python 3`.
    pub name: &'static str,
    /// The format's default entry point, where it gives one: a file (`main.py`), a class
    /// (`Main`), or a pattern of files (`main.{lisp,cl}`), as the table writes it.
    pub entry_point: Option<&'static str>,
    /// The extensions, without the dot, that tell a file is in it. Those the format puts in
    /// parentheses (`.py` of Python 2, `.c` of C with GMP) tell another language and are left
    /// out, so that no extension names two.
    pub extensions: &'static [&'static str],
}

/// Every language of the format's table, in its order (the order of the codes).
pub const TABLE: &[FormatLanguage] = &[
    FormatLanguage {
        code: "ada",
        name: "Ada",
        entry_point: None,
        extensions: &["adb", "ads"],
    },
    FormatLanguage {
        code: "algol68",
        name: "Algol 68",
        entry_point: None,
        extensions: &["a68"],
    },
    FormatLanguage {
        code: "apl",
        name: "APL",
        entry_point: None,
        extensions: &["apl"],
    },
    FormatLanguage {
        code: "bash",
        name: "Bash",
        entry_point: None,
        extensions: &["sh"],
    },
    FormatLanguage {
        code: "c",
        name: "C",
        entry_point: None,
        extensions: &["c"],
    },
    FormatLanguage {
        code: "cgmp",
        name: "C with GMP",
        entry_point: None,
        extensions: &[],
    },
    FormatLanguage {
        code: "cobol",
        name: "COBOL",
        entry_point: None,
        extensions: &["cob"],
    },
    FormatLanguage {
        code: "cpp",
        name: "C++",
        entry_point: None,
        extensions: &["cc", "cpp", "cxx", "c++", "C"],
    },
    FormatLanguage {
        code: "cppgmp",
        name: "C++ with GMP",
        entry_point: None,
        extensions: &[],
    },
    FormatLanguage {
        code: "crystal",
        name: "Crystal",
        entry_point: None,
        extensions: &["cr"],
    },
    FormatLanguage {
        code: "csharp",
        name: "C#",
        entry_point: None,
        extensions: &["cs"],
    },
    FormatLanguage {
        code: "d",
        name: "D",
        entry_point: None,
        extensions: &["d"],
    },
    FormatLanguage {
        code: "dart",
        name: "Dart",
        entry_point: None,
        extensions: &["dart"],
    },
    FormatLanguage {
        code: "elixir",
        name: "Elixir",
        entry_point: None,
        extensions: &["ex"],
    },
    FormatLanguage {
        code: "erlang",
        name: "Erlang",
        entry_point: None,
        extensions: &["erl"],
    },
    FormatLanguage {
        code: "forth",
        name: "Forth",
        entry_point: None,
        extensions: &["fth", "4th", "forth", "frt"],
    },
    FormatLanguage {
        code: "fortran",
        name: "Fortran",
        entry_point: None,
        extensions: &["f90"],
    },
    FormatLanguage {
        code: "fsharp",
        name: "F#",
        entry_point: None,
        extensions: &["fs"],
    },
    FormatLanguage {
        code: "gerbil",
        name: "Gerbil",
        entry_point: None,
        extensions: &["ss"],
    },
    FormatLanguage {
        code: "go",
        name: "Go",
        entry_point: None,
        extensions: &["go"],
    },
    FormatLanguage {
        code: "haskell",
        name: "Haskell",
        entry_point: None,
        extensions: &["hs"],
    },
    FormatLanguage {
        code: "java",
        name: "Java",
        entry_point: Some("Main"),
        extensions: &["java"],
    },
    FormatLanguage {
        code: "javaalgs4",
        name: "Java with Algs4",
        entry_point: Some("Main"),
        extensions: &[],
    },
    FormatLanguage {
        code: "javascript",
        name: "JavaScript",
        entry_point: Some("main.js"),
        extensions: &["js"],
    },
    FormatLanguage {
        code: "julia",
        name: "Julia",
        entry_point: None,
        extensions: &["jl"],
    },
    FormatLanguage {
        code: "kotlin",
        name: "Kotlin",
        entry_point: Some("MainKt"),
        extensions: &["kt"],
    },
    FormatLanguage {
        code: "lisp",
        name: "Common Lisp",
        entry_point: Some("main.{lisp,cl}"),
        extensions: &["lisp", "cl"],
    },
    FormatLanguage {
        code: "lua",
        name: "Lua",
        entry_point: None,
        extensions: &["lua"],
    },
    FormatLanguage {
        code: "modula2",
        name: "Modula-2",
        entry_point: None,
        extensions: &["mod", "def"],
    },
    FormatLanguage {
        code: "nim",
        name: "Nim",
        entry_point: None,
        extensions: &["nim"],
    },
    FormatLanguage {
        code: "objectivec",
        name: "Objective-C",
        entry_point: None,
        extensions: &["m"],
    },
    FormatLanguage {
        code: "ocaml",
        name: "OCaml",
        entry_point: None,
        extensions: &["ml"],
    },
    FormatLanguage {
        code: "octave",
        name: "Octave",
        entry_point: None,
        extensions: &[],
    },
    FormatLanguage {
        code: "odin",
        name: "Odin",
        entry_point: None,
        extensions: &["odin"],
    },
    FormatLanguage {
        code: "pascal",
        name: "Pascal",
        entry_point: None,
        extensions: &["pas"],
    },
    FormatLanguage {
        code: "perl",
        name: "Perl",
        entry_point: None,
        extensions: &["pm"],
    },
    FormatLanguage {
        code: "php",
        name: "PHP",
        entry_point: Some("main.php"),
        extensions: &["php"],
    },
    FormatLanguage {
        code: "prolog",
        name: "Prolog",
        entry_point: None,
        extensions: &["pl"],
    },
    FormatLanguage {
        code: "python2",
        name: "Python 2",
        entry_point: Some("main.py2"),
        extensions: &["py2"],
    },
    FormatLanguage {
        code: "python3",
        name: "Python 3",
        entry_point: Some("main.py"),
        extensions: &["py", "py3"],
    },
    FormatLanguage {
        code: "python3numpy",
        name: "Python 3 with NumPy",
        entry_point: Some("main.py"),
        extensions: &[],
    },
    FormatLanguage {
        code: "racket",
        name: "Racket",
        entry_point: None,
        extensions: &["rkt"],
    },
    FormatLanguage {
        code: "ruby",
        name: "Ruby",
        entry_point: None,
        extensions: &["rb"],
    },
    FormatLanguage {
        code: "rust",
        name: "Rust",
        entry_point: None,
        extensions: &["rs"],
    },
    FormatLanguage {
        code: "scala",
        name: "Scala",
        entry_point: None,
        extensions: &["scala"],
    },
    FormatLanguage {
        code: "simula",
        name: "Simula",
        entry_point: None,
        extensions: &["sim"],
    },
    FormatLanguage {
        code: "smalltalk",
        name: "Smalltalk",
        entry_point: None,
        extensions: &["st"],
    },
    FormatLanguage {
        code: "snobol",
        name: "Snobol",
        entry_point: None,
        extensions: &["sno"],
    },
    FormatLanguage {
        code: "swift",
        name: "Swift",
        entry_point: None,
        extensions: &["swift"],
    },
    FormatLanguage {
        code: "typescript",
        name: "TypeScript",
        entry_point: None,
        extensions: &["ts"],
    },
    FormatLanguage {
        code: "visualbasic",
        name: "Visual Basic",
        entry_point: None,
        extensions: &["vb"],
    },
    FormatLanguage {
        code: "zig",
        name: "Zig",
        entry_point: None,
        extensions: &["zig"],
    },
];

/// The language of the format that the extension `extension` (without the dot; `C` and `c`
/// differ) tells, if any.
#[must_use]
pub fn by_extension(extension: &str) -> Option<&'static FormatLanguage> {
    TABLE
        .iter()
        .find(|language| language.extensions.contains(&extension))
}

/// The language of the format with the code `code`, if any.
#[must_use]
pub fn by_code(code: &str) -> Option<&'static FormatLanguage> {
    TABLE.iter().find(|language| language.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_extension_tells_one_language_at_most() {
        let mut seen = std::collections::HashSet::new();
        for language in TABLE {
            for extension in language.extensions {
                assert!(seen.insert(*extension), "{extension} twice");
            }
        }
        let codes: Vec<&str> = TABLE.iter().map(|language| language.code).collect();
        let mut sorted = codes.clone();
        sorted.sort_unstable();
        assert_eq!(codes, sorted);
    }

    #[test]
    fn finds_languages_by_extension_and_code() {
        let code = |extension: &str| by_extension(extension).map(|language| language.code);
        assert_eq!(code("py"), Some("python3"));
        assert_eq!(code("py3"), Some("python3"));
        assert_eq!(code("py2"), Some("python2"));
        assert_eq!(code("js"), Some("javascript"));
        assert_eq!(code("C"), Some("cpp"));
        assert_eq!(code("c"), Some("c"));
        assert_eq!(code("sh"), Some("bash"));
        assert_eq!(code("go"), Some("go"));
        assert_eq!(code("pl"), Some("prolog"));
        assert_eq!(code("bash"), None);
        assert_eq!(code("disabled"), None);
        assert_eq!(by_code("csharp").map(|language| language.name), Some("C#"));
        assert_eq!(
            by_code("cgmp").map(|language| language.extensions.len()),
            Some(0)
        );
        assert_eq!(by_code("klingon"), None);
    }
}
