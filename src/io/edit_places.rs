//! Where each hand edit of a preset starts in its text, so a message about edit 5001 of 10000 can give
//! its line and column.
//!
//! serde hands a preset's edits over as values without positions, and ron exposes its position only
//! between whole values, so the places are found by a second, light pass over the text: a scan of RON's
//! tokens (strings, characters, comments and brackets) for the top-level `edits: [ … ]` list, noting where
//! each element begins. It runs only on text that ron has just parsed, so it never has to make sense of
//! broken RON; on anything unexpected it gives up and the messages go without the line.

/// A 1-based line and column (in characters) of a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters (not bytes), from 1.
    pub column: usize,
}

/// Where each element of the top-level `edits` list of the RON preset `text` starts, in order; empty when
/// there is no such list (or the scan cannot follow the text).
pub fn edit_places(text: &str) -> Vec<Place> {
    let mut scan = Scan {
        chars: text.chars().peekable(),
        place: Place { line: 1, column: 1 },
    };
    let mut depth = 0usize;
    // What the scan expects next on its way into the list: the `edits` key at depth 1, its colon, then
    // the opening bracket.
    let mut after_key = None::<bool>;
    let mut in_list = false;
    let mut element_due = false;
    let mut places = Vec::new();
    while let Some((place, token)) = scan.next_token() {
        if in_list && depth == 2 && element_due && !matches!(token, Token::Close | Token::Comma) {
            places.push(place);
            element_due = false;
        }
        match token {
            Token::Open => {
                if after_key == Some(true) && depth == 1 {
                    in_list = true;
                    element_due = true;
                }
                after_key = None;
                depth += 1;
            }
            Token::Close => {
                depth = depth.saturating_sub(1);
                if in_list && depth == 1 {
                    return places;
                }
            }
            Token::Comma if in_list && depth == 2 => element_due = true,
            Token::Word(word) if depth == 1 && !in_list => {
                after_key = (word == "edits" || word == "r#edits").then_some(false);
            }
            Token::Colon if after_key == Some(false) => after_key = Some(true),
            Token::Broken => return Vec::new(),
            _ => {
                if depth == 1 {
                    after_key = None;
                }
            }
        }
    }
    Vec::new()
}

enum Token {
    Open,
    Close,
    Comma,
    Colon,
    Word(String),
    /// A string, character, number or other punctuation: nothing the scan looks for.
    Other,
    /// Text the scan cannot follow.
    Broken,
}

struct Scan<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    place: Place,
}

impl Scan<'_> {
    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.place.line += 1;
            self.place.column = 1;
        } else {
            self.place.column += 1;
        }
        Some(c)
    }

    /// The next token and where it starts, past white space and comments.
    fn next_token(&mut self) -> Option<(Place, Token)> {
        loop {
            let start = self.place;
            let c = self.bump()?;
            let token = match c {
                c if c.is_whitespace() => continue,
                '/' if self.chars.peek() == Some(&'/') => {
                    while self.chars.peek().is_some_and(|&c| c != '\n') {
                        self.bump();
                    }
                    continue;
                }
                '/' if self.chars.peek() == Some(&'*') => {
                    if !self.skip_block_comment() {
                        return Some((start, Token::Broken));
                    }
                    continue;
                }
                '(' | '[' | '{' => Token::Open,
                ')' | ']' | '}' => Token::Close,
                ',' => Token::Comma,
                ':' => Token::Colon,
                '"' => self.quoted('"'),
                '\'' => self.quoted('\''),
                'r' if matches!(self.chars.peek(), Some('"' | '#')) => self.raw_string_or_word(),
                'b' if self.chars.peek() == Some(&'"') => {
                    self.bump();
                    self.quoted('"')
                }
                c if c.is_alphanumeric() || c == '_' => {
                    let mut word = String::from(c);
                    while let Some(&c) = self.chars.peek()
                        && (c.is_alphanumeric() || c == '_' || c == '.' || c == '+' || c == '-')
                    {
                        // `.`, `+` and `-` continue numbers such as `1.5e-3`; in words they cannot occur.
                        word.push(c);
                        self.bump();
                    }
                    Token::Word(word)
                }
                _ => Token::Other,
            };
            return Some((start, token));
        }
    }

    /// Skips a (nested) block comment whose `/` was read; false when it does not end.
    fn skip_block_comment(&mut self) -> bool {
        self.bump();
        let mut open = 1;
        while open > 0 {
            match self.bump() {
                Some('/') if self.chars.peek() == Some(&'*') => {
                    self.bump();
                    open += 1;
                }
                Some('*') if self.chars.peek() == Some(&'/') => {
                    self.bump();
                    open -= 1;
                }
                Some(_) => {}
                None => return false,
            }
        }
        true
    }

    /// Skips a string or character literal whose opening `quote` was read.
    fn quoted(&mut self, quote: char) -> Token {
        loop {
            match self.bump() {
                Some('\\') => {
                    self.bump();
                }
                Some(c) if c == quote => return Token::Other,
                Some(_) => {}
                None => return Token::Broken,
            }
        }
    }

    /// After an `r`: a raw string `r"…"`, `r#"…"#`, or a raw identifier `r#name`.
    fn raw_string_or_word(&mut self) -> Token {
        let mut hashes = 0;
        while self.chars.peek() == Some(&'#') {
            self.bump();
            hashes += 1;
        }
        if self.chars.peek() != Some(&'"') {
            let mut word = String::from("r#");
            while let Some(&c) = self.chars.peek()
                && (c.is_alphanumeric() || c == '_')
            {
                word.push(c);
                self.bump();
            }
            return Token::Word(word);
        }
        self.bump();
        loop {
            match self.bump() {
                Some('"') => {
                    let mut closing = 0;
                    while closing < hashes && self.chars.peek() == Some(&'#') {
                        self.bump();
                        closing += 1;
                    }
                    if closing == hashes {
                        return Token::Other;
                    }
                }
                Some(_) => {}
                None => return Token::Broken,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<(usize, usize)> {
        edit_places(text)
            .into_iter()
            .map(|p| (p.line, p.column))
            .collect()
    }

    #[test]
    fn finds_each_edit_of_the_top_level_list() {
        let text = "(\n    version: 1,\n    name: \"edits: [odd], (\\\"x\\\"\",\n    locks: [(edits: [1])],\n    \
                    edits: [\n        Lock(room: 3),\n        // a comment, with (brackets]\n        \
                    /* and /* nested */ ones */ MovePlayerStart(to: (x: 1, y: 2)),\n        \
                    RemoveGuard(guard: 11),\n    ],\n    made_with: None,\n)";
        assert_eq!(lines(text), [(6, 9), (8, 37), (9, 9)]);
    }

    #[test]
    fn an_empty_or_missing_list_has_no_places() {
        assert!(edit_places("(version: 1, edits: [])").is_empty());
        assert!(edit_places("(version: 1, name: \"x\")").is_empty());
        assert!(edit_places("(version: 1, edits: [Lock(room: 1), \"broken").is_empty());
    }

    #[test]
    fn raw_strings_characters_and_raw_keys_are_followed() {
        let text =
            "(name: r#\"a \"] edits: [\"#, c: ']', r#edits: [Unlock(room: 2), Lock(room: 1)])";
        assert_eq!(lines(text), [(1, 46), (1, 63)]);
    }
}
