//! Tokens and path references of a Rust source file; enough of the lexer to skip comments, strings,
//! character literals and lifetimes, and of the parser to follow `use` trees and inline modules.

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Ident(String),
    PathSep,
    Punct(char),
}

/// The tokens of `text`, each with its 1-based line.
pub fn tokens(text: &str) -> Vec<(Tok, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let (mut out, mut i, mut line) = (Vec::new(), 0, 1);
    let at = |k: usize| chars.get(k).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if i >= chars.len() {
                    break;
                } else if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
            }
        } else if c == '"' {
            i = skip_string(&chars, i + 1, None, &mut line);
        } else if c == '\'' {
            // A character literal ('a', '\n', '\u{1F600}') or a lifetime ('a, 'static).
            if at(i + 1) == '\\' {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
                while at(i).is_alphanumeric() || at(i) == '_' {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let raw_prefix = matches!(word.as_str(), "r" | "br" | "cr");
            let hashes = (i..chars.len()).take_while(|&k| at(k) == '#').count();
            if raw_prefix && at(i + hashes) == '"' {
                i = skip_string(&chars, i + hashes + 1, Some(hashes), &mut line);
            } else if matches!(word.as_str(), "b" | "c") && at(i) == '"' {
                i = skip_string(&chars, i + 1, None, &mut line);
            } else if word == "b" && at(i) == '\'' {
                // b'x', b'\n': the quote branch above skips it next.
            } else if word == "r" && hashes == 1 {
                // A raw identifier, r#type.
                let start = i + 1;
                i = start;
                while at(i).is_alphanumeric() || at(i) == '_' {
                    i += 1;
                }
                out.push((Tok::Ident(chars[start..i].iter().collect()), line));
            } else {
                out.push((Tok::Ident(word), line));
            }
        } else if c.is_ascii_digit() {
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
        } else if c == ':' && at(i + 1) == ':' {
            out.push((Tok::PathSep, line));
            i += 2;
        } else {
            out.push((Tok::Punct(c), line));
            i += 1;
        }
    }
    out
}

/// Past the end of a string whose body starts at `i`: a raw string (`Some` of its `#` count) ends at
/// a `"` followed by as many `#`s, any other at the first `"` not escaped by a backslash.
fn skip_string(chars: &[char], mut i: usize, raw: Option<usize>, line: &mut usize) -> usize {
    let hashes = raw.unwrap_or(0);
    while i < chars.len() {
        match chars[i] {
            '\\' if raw.is_none() => i += 2,
            '"' if chars[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == '#')
                .count()
                == hashes =>
            {
                return i + 1 + hashes;
            }
            c => {
                *line += usize::from(c == '\n');
                i += 1;
            }
        }
    }
    i
}

/// One path reference: the path as written, the module it was written in (the file's module plus any
/// inline modules around it), its line, and whether it is inside a `#[cfg(test)]` inline module.
#[derive(Clone, Debug)]
pub struct Reference {
    pub path: Vec<String>,
    pub scope: Vec<String>,
    pub line: usize,
    pub test: bool,
}

/// Whether the `mod` at `i` is preceded by `#[cfg(test)]` (and maybe a `pub`).
fn under_cfg_test(tokens: &[(Tok, usize)], i: usize) -> bool {
    let before =
        i - usize::from(matches!(&tokens[i.saturating_sub(1)].0, Tok::Ident(w) if w == "pub"));
    let expected = ["#", "[", "cfg", "(", "test", ")", "]"];
    before >= expected.len()
        && tokens[before - expected.len()..before]
            .iter()
            .zip(expected)
            .all(|((tok, _), want)| match tok {
                Tok::Ident(w) => w == want,
                Tok::Punct(c) => want.len() == 1 && want.starts_with(*c),
                Tok::PathSep => false,
            })
}

/// Every path of `tokens` that may name a module of the crate: `use` trees in full, and in code each
/// path of two or more segments from its first segment. `module` is the file's module path.
pub fn references(tokens: &[(Tok, usize)], module: &[String]) -> Vec<Reference> {
    let ident = |k: usize| match tokens.get(k) {
        Some((Tok::Ident(s), _)) => Some(s.as_str()),
        _ => None,
    };
    let is = |k: usize, t: &Tok| tokens.get(k).is_some_and(|(x, _)| x == t);
    let mut out = Vec::new();
    // Inline modules: (name, brace depth inside it, under #[cfg(test)]).
    let mut inline: Vec<(String, usize, bool)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        let scope = || {
            let mut s = module.to_vec();
            s.extend(inline.iter().map(|(n, _, _)| n.clone()));
            s
        };
        let test = inline.iter().any(|(_, _, t)| *t);
        match &tokens[i].0 {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                if inline.last().is_some_and(|(_, d, _)| *d == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            Tok::Ident(w) if w == "mod" && is(i + 2, &Tok::Punct('{')) => {
                if let Some(name) = ident(i + 1) {
                    inline.push((name.to_string(), depth + 1, under_cfg_test(tokens, i)));
                }
            }
            Tok::Ident(w) if w == "use" && !is(i + 1, &Tok::Punct('<')) => {
                let line = tokens[i].1;
                let mut paths = Vec::new();
                i = use_tree(tokens, i + 1, Vec::new(), &mut paths);
                let scope = scope();
                out.extend(paths.into_iter().map(|path| Reference {
                    path,
                    scope: scope.clone(),
                    line,
                    test,
                }));
                continue;
            }
            Tok::Ident(w) if is(i + 1, &Tok::PathSep) && (i == 0 || !is(i - 1, &Tok::PathSep)) => {
                let line = tokens[i].1;
                let mut path = vec![w.clone()];
                let mut k = i + 1;
                while is(k, &Tok::PathSep) {
                    match ident(k + 1) {
                        Some(s) => path.push(s.to_string()),
                        None => break,
                    }
                    k += 2;
                }
                out.push(Reference {
                    path,
                    scope: scope(),
                    line,
                    test,
                });
                i = k;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Parses the use tree at `i` under `prefix`, adding each of its paths (a glob or `self` names the
/// prefix itself); returns the index past the tree (past the `;` at the top level).
fn use_tree(
    tokens: &[(Tok, usize)],
    mut i: usize,
    mut prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    while let Some((tok, _)) = tokens.get(i) {
        match tok {
            Tok::PathSep => i += 1,
            Tok::Punct('{') => {
                i += 1;
                while !matches!(tokens.get(i), None | Some((Tok::Punct('}'), _))) {
                    i = use_tree(tokens, i, prefix.clone(), out);
                    if matches!(tokens.get(i), Some((Tok::Punct(','), _))) {
                        i += 1;
                    }
                }
                return finish(tokens, i + 1);
            }
            Tok::Punct('*') => {
                out.push(prefix);
                return finish(tokens, i + 1);
            }
            Tok::Ident(s) if s == "self" && !prefix.is_empty() => {
                out.push(prefix);
                return finish(tokens, i + 1);
            }
            Tok::Ident(s) => {
                prefix.push(s.clone());
                if !matches!(tokens.get(i + 1), Some((Tok::PathSep, _))) {
                    out.push(prefix);
                    return finish(tokens, i + 1);
                }
                i += 1;
            }
            Tok::Punct(_) => return finish(tokens, i),
        }
    }
    i
}

/// Past an `as name` and a closing `;` after a use tree.
fn finish(tokens: &[(Tok, usize)], mut i: usize) -> usize {
    if matches!(tokens.get(i), Some((Tok::Ident(s), _)) if s == "as") {
        i += 2;
    }
    if matches!(tokens.get(i), Some((Tok::Punct(';'), _))) {
        i += 1;
    }
    i
}
