//! The programming languages of the problem package format, as its table of languages names
//! them: each one's code (as `languages` of `problem.yaml` gives it), its name, and the file
//! extensions that tell a program's language. The package reader and `kata` both look languages
//! up here.

/// A language of the format's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FormatLanguage {
    /// Its code: `python3`.
    pub code: &'static str,
    /// Its name for people: `Python 3`.
    pub name: &'static str,
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
        extensions: &["adb", "ads"],
    },
    FormatLanguage {
        code: "algol68",
        name: "Algol 68",
        extensions: &["a68"],
    },
    FormatLanguage {
        code: "apl",
        name: "APL",
        extensions: &["apl"],
    },
    FormatLanguage {
        code: "bash",
        name: "Bash",
        extensions: &["sh"],
    },
    FormatLanguage {
        code: "c",
        name: "C",
        extensions: &["c"],
    },
    FormatLanguage {
        code: "cgmp",
        name: "C with GMP",
        extensions: &[],
    },
    FormatLanguage {
        code: "cobol",
        name: "COBOL",
        extensions: &["cob"],
    },
    FormatLanguage {
        code: "cpp",
        name: "C++",
        extensions: &["cc", "cpp", "cxx", "c++", "C"],
    },
    FormatLanguage {
        code: "cppgmp",
        name: "C++ with GMP",
        extensions: &[],
    },
    FormatLanguage {
        code: "crystal",
        name: "Crystal",
        extensions: &["cr"],
    },
    FormatLanguage {
        code: "csharp",
        name: "C#",
        extensions: &["cs"],
    },
    FormatLanguage {
        code: "d",
        name: "D",
        extensions: &["d"],
    },
    FormatLanguage {
        code: "dart",
        name: "Dart",
        extensions: &["dart"],
    },
    FormatLanguage {
        code: "elixir",
        name: "Elixir",
        extensions: &["ex"],
    },
    FormatLanguage {
        code: "erlang",
        name: "Erlang",
        extensions: &["erl"],
    },
    FormatLanguage {
        code: "forth",
        name: "Forth",
        extensions: &["fth", "4th", "forth", "frt"],
    },
    FormatLanguage {
        code: "fortran",
        name: "Fortran",
        extensions: &["f90"],
    },
    FormatLanguage {
        code: "fsharp",
        name: "F#",
        extensions: &["fs"],
    },
    FormatLanguage {
        code: "gerbil",
        name: "Gerbil",
        extensions: &["ss"],
    },
    FormatLanguage {
        code: "go",
        name: "Go",
        extensions: &["go"],
    },
    FormatLanguage {
        code: "haskell",
        name: "Haskell",
        extensions: &["hs"],
    },
    FormatLanguage {
        code: "java",
        name: "Java",
        extensions: &["java"],
    },
    FormatLanguage {
        code: "javaalgs4",
        name: "Java with Algs4",
        extensions: &[],
    },
    FormatLanguage {
        code: "javascript",
        name: "JavaScript",
        extensions: &["js"],
    },
    FormatLanguage {
        code: "julia",
        name: "Julia",
        extensions: &["jl"],
    },
    FormatLanguage {
        code: "kotlin",
        name: "Kotlin",
        extensions: &["kt"],
    },
    FormatLanguage {
        code: "lisp",
        name: "Common Lisp",
        extensions: &["lisp", "cl"],
    },
    FormatLanguage {
        code: "lua",
        name: "Lua",
        extensions: &["lua"],
    },
    FormatLanguage {
        code: "modula2",
        name: "Modula-2",
        extensions: &["mod", "def"],
    },
    FormatLanguage {
        code: "nim",
        name: "Nim",
        extensions: &["nim"],
    },
    FormatLanguage {
        code: "objectivec",
        name: "Objective-C",
        extensions: &["m"],
    },
    FormatLanguage {
        code: "ocaml",
        name: "OCaml",
        extensions: &["ml"],
    },
    FormatLanguage {
        code: "octave",
        name: "Octave",
        extensions: &[],
    },
    FormatLanguage {
        code: "odin",
        name: "Odin",
        extensions: &["odin"],
    },
    FormatLanguage {
        code: "pascal",
        name: "Pascal",
        extensions: &["pas"],
    },
    FormatLanguage {
        code: "perl",
        name: "Perl",
        extensions: &["pm"],
    },
    FormatLanguage {
        code: "php",
        name: "PHP",
        extensions: &["php"],
    },
    FormatLanguage {
        code: "prolog",
        name: "Prolog",
        extensions: &["pl"],
    },
    FormatLanguage {
        code: "python2",
        name: "Python 2",
        extensions: &["py2"],
    },
    FormatLanguage {
        code: "python3",
        name: "Python 3",
        extensions: &["py", "py3"],
    },
    FormatLanguage {
        code: "python3numpy",
        name: "Python 3 with NumPy",
        extensions: &[],
    },
    FormatLanguage {
        code: "racket",
        name: "Racket",
        extensions: &["rkt"],
    },
    FormatLanguage {
        code: "ruby",
        name: "Ruby",
        extensions: &["rb"],
    },
    FormatLanguage {
        code: "rust",
        name: "Rust",
        extensions: &["rs"],
    },
    FormatLanguage {
        code: "scala",
        name: "Scala",
        extensions: &["scala"],
    },
    FormatLanguage {
        code: "simula",
        name: "Simula",
        extensions: &["sim"],
    },
    FormatLanguage {
        code: "smalltalk",
        name: "Smalltalk",
        extensions: &["st"],
    },
    FormatLanguage {
        code: "snobol",
        name: "Snobol",
        extensions: &["sno"],
    },
    FormatLanguage {
        code: "swift",
        name: "Swift",
        extensions: &["swift"],
    },
    FormatLanguage {
        code: "typescript",
        name: "TypeScript",
        extensions: &["ts"],
    },
    FormatLanguage {
        code: "visualbasic",
        name: "Visual Basic",
        extensions: &["vb"],
    },
    FormatLanguage {
        code: "zig",
        name: "Zig",
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
