//! GTP framing: turning an input line into a command, and a reply into response text.

/// One GTP command: the optional numeric id, the command name and its arguments.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Command {
    /// The id the controller put before the command, echoed in the reply.
    pub id: Option<u64>,
    /// The command name, as sent.
    pub name: String,
    /// The arguments, split on whitespace.
    pub args: Vec<String>,
}

/// Parses a line as GTP version 2 preprocesses it: control characters other than tab and
/// newline are dropped, tabs become spaces, everything after `#` is a comment. Returns `None`
/// for a line that is then empty, which GTP says to ignore without a reply.
pub fn parse_line(line: &str) -> Option<Command> {
    let cleaned: String = line
        .split('#')
        .next()
        .unwrap_or("")
        .chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    let mut words = cleaned.split_whitespace();
    let first = words.next()?;
    let (id, name) = match first.parse::<u64>() {
        Ok(id) => (Some(id), words.next().unwrap_or("").to_string()),
        Err(_) => (None, first.to_string()),
    };
    Some(Command {
        id,
        name,
        args: words.map(str::to_string).collect(),
    })
}

/// Formats a reply: `=id text` on success, `?id text` on failure, then the blank line that ends
/// every GTP response. Blank lines inside the text are dropped, because a controller would take
/// the first one for the end of the response.
pub fn format_response(id: Option<u64>, reply: &Result<String, String>) -> String {
    let (mark, text) = match reply {
        Ok(text) => ('=', text),
        Err(text) => ('?', text),
    };
    let id = id.map(|n| n.to_string()).unwrap_or_default();
    let body: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    let body = body.join("\n");
    if body.is_empty() {
        format!("{mark}{id}\n\n")
    } else {
        format!("{mark}{id} {body}\n\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_comments_and_blank_lines() {
        assert_eq!(parse_line("   # only a comment"), None);
        assert_eq!(parse_line(""), None);
        let c = parse_line("12 play\tw  A1 # click").unwrap();
        assert_eq!(c.id, Some(12));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, vec!["w", "A1"]);
        let c = parse_line("name\r").unwrap();
        assert_eq!((c.id, c.name.as_str()), (None, "name"));
        assert_eq!(parse_line("7").unwrap().name, "");
    }

    #[test]
    fn responses() {
        assert_eq!(format_response(None, &Ok(String::new())), "=\n\n");
        assert_eq!(format_response(Some(3), &Ok("2".into())), "=3 2\n\n");
        assert_eq!(format_response(Some(4), &Err("bad".into())), "?4 bad\n\n");
        assert_eq!(format_response(None, &Ok("a\n\nb\n".into())), "= a\nb\n\n");
    }
}
