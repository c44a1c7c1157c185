//! Merging the JSON summaries of match shards (`mingmang match --merge`): a long match split
//! over several machines, each shard a `mingmang match ... --seed S --json shard.json` of its
//! own, gives one result over all its games, with the Elo estimate, the LOS and the SPRT
//! computed on the summed counts, by games and by game pairs. A shard's pairs are complete
//! within it (both games of an opening are in the same shard), so pair counts add up too.

use std::collections::BTreeMap;

use super::json::{self, Json};
use super::stats::{Pairs, Sprt, SprtDecision, SprtModel, Wdl};

/// What the shards add up to.
pub struct Merged {
    /// The engines, as every shard names them.
    pub engines: Vec<String>,
    /// Each engine's games against the field (or its opponent), summed.
    pub players: Vec<Wdl>,
    /// The first engine's game pairs, summed; `None` if a shard's summary has no pair counts
    /// (summaries written before pairs were counted, or of round robins).
    pub pairs: Option<Pairs>,
    /// Games played in all.
    pub games: u64,
    /// Shards merged.
    pub shards: usize,
    /// Endings by kind, summed.
    pub terminations: BTreeMap<String, u64>,
    /// Every shard's disagreements, prefixed with the shard's file.
    pub disagreements: Vec<String>,
    /// The SPRT over all games, if one was asked for (or the shards ran one).
    pub sprt: Option<(Sprt, f64, SprtDecision)>,
    /// Why the SPRT counts games although pairs were asked for, if it must.
    pub sprt_note: Option<String>,
}

fn field<'a>(v: &'a Json, key: &str, file: &str) -> Result<&'a Json, String> {
    v.get(key)
        .ok_or_else(|| format!("{file}: no '{key}' in the summary"))
}

fn count(v: &Json, key: &str, file: &str) -> Result<u32, String> {
    field(v, key, file)?
        .as_u64()
        .map(|n| n as u32)
        .ok_or_else(|| format!("{file}: '{key}' is not a count"))
}

/// The pair counts of a shard's summary, if it has them.
fn pair_counts(v: &Json) -> Option<Pairs> {
    let counts = v.get("pairs")?.get("counts")?.as_array()?;
    if counts.len() != 5 {
        return None;
    }
    let mut pairs = Pairs::default();
    for (slot, c) in pairs.counts.iter_mut().zip(counts) {
        *slot = c.as_u64()? as u32;
    }
    Some(pairs)
}

/// Merges the summaries `shards` (file name, JSON text). Every shard must name the same
/// engines in the same order. The SPRT is `sprt` if given, else the first shard's, if any
/// (a shard that does not name its model counted games).
pub fn merge(shards: &[(String, String)], sprt: Option<Sprt>) -> Result<Merged, String> {
    let mut merged = Merged {
        engines: Vec::new(),
        players: Vec::new(),
        pairs: Some(Pairs::default()),
        games: 0,
        shards: 0,
        terminations: BTreeMap::new(),
        disagreements: Vec::new(),
        sprt: None,
        sprt_note: None,
    };
    let mut sprt = sprt;
    for (file, text) in shards {
        let v = json::parse(text).map_err(|e| format!("{file}: {e}"))?;
        let engines: Vec<String> = field(&v, "engines", file)?
            .as_array()
            .ok_or_else(|| format!("{file}: 'engines' is not a list"))?
            .iter()
            .map(|e| e.as_str().unwrap_or_default().to_string())
            .collect();
        if merged.shards == 0 {
            merged.players = vec![Wdl::new(0, 0, 0); engines.len()];
            merged.engines = engines;
        } else if engines != merged.engines {
            return Err(format!(
                "{file}: the engines {engines:?} differ from the first shard's {:?}",
                merged.engines
            ));
        }
        let players = field(&v, "players", file)?
            .as_array()
            .ok_or_else(|| format!("{file}: 'players' is not a list"))?;
        if players.len() != merged.players.len() {
            return Err(format!("{file}: 'players' does not match 'engines'"));
        }
        for (sum, p) in merged.players.iter_mut().zip(players) {
            sum.wins += count(p, "wins", file)?;
            sum.draws += count(p, "draws", file)?;
            sum.losses += count(p, "losses", file)?;
        }
        merged.pairs = match (merged.pairs, pair_counts(&v)) {
            (Some(mut sum), Some(p)) => {
                sum.add_all(&p);
                Some(sum)
            }
            _ => None,
        };
        merged.games += count(&v, "games_played", file)? as u64;
        if let Some(terms) = v.get("terminations").and_then(Json::as_object) {
            for (k, n) in terms {
                *merged.terminations.entry(k.clone()).or_default() += n.as_u64().unwrap_or(0);
            }
        }
        if let Some(ds) = v.get("disagreements").and_then(Json::as_array) {
            for d in ds {
                merged
                    .disagreements
                    .push(format!("{file}: {}", d.as_str().unwrap_or_default()));
            }
        }
        if sprt.is_none() {
            if let Some(s) = v.get("sprt").filter(|s| !s.is_null()) {
                let num = |k: &str| s.get(k).and_then(Json::as_f64);
                if let (Some(elo0), Some(elo1), Some(alpha), Some(beta)) =
                    (num("elo0"), num("elo1"), num("alpha"), num("beta"))
                {
                    let model = s
                        .get("model")
                        .and_then(Json::as_str)
                        .and_then(SprtModel::parse)
                        .unwrap_or(SprtModel::Games);
                    sprt = Some(Sprt {
                        elo0,
                        elo1,
                        alpha,
                        beta,
                        model,
                    });
                }
            }
        }
        merged.shards += 1;
    }
    if merged.shards == 0 {
        return Err("no summary to merge".into());
    }
    if merged.engines.len() != 2 {
        merged.pairs = None;
    }
    merged.sprt = sprt.map(|mut s| {
        if s.model == SprtModel::Pairs && merged.pairs.is_none() {
            merged.sprt_note = Some(
                "a shard's summary has no pair counts, so the SPRT counts single games".into(),
            );
            s.model = SprtModel::Games;
        }
        let llr = s.llr_by_model(&merged.players[0], &merged.pairs.unwrap_or_default());
        (s, llr, s.decide(llr))
    });
    Ok(merged)
}

impl Merged {
    /// The merged result in words, as `mingmang match` prints a finished match.
    pub fn text(&self) -> String {
        let mut out = format!("Merged: {} shards, {} games\n", self.shards, self.games);
        let names: Vec<&str> = self.engines.iter().map(String::as_str).collect();
        out.push_str(&super::results_text(&names, &self.players));
        if let Some(pairs) = &self.pairs {
            out.push_str(&super::pairs_text(pairs));
        }
        if let Some(note) = &self.sprt_note {
            out.push_str(&format!("Note: {note}\n"));
        }
        if let Some((s, llr, d)) = &self.sprt {
            out.push_str(&super::sprt_text(s, *llr, *d));
        }
        out.push_str(&super::endings_text(
            &self.terminations,
            self.disagreements.len(),
        ));
        out
    }

    /// The merged result as a JSON summary, with the fields a shard's summary has for the
    /// totals (the per-game list stays in the shards).
    pub fn json(&self) -> Json {
        let mut top = vec![
            (
                "engines",
                Json::Array(self.engines.iter().map(json::text).collect()),
            ),
            ("shards", Json::from(self.shards)),
            ("games_played", Json::from(self.games)),
        ];
        top.extend(super::wdl_fields(&self.players[0]));
        if let Some(pairs) = &self.pairs {
            top.push(("pairs", super::pairs_json(pairs)));
        }
        top.push((
            "players",
            Json::Array(
                self.engines
                    .iter()
                    .zip(&self.players)
                    .map(|(name, wdl)| {
                        let mut f = vec![("name", json::text(name))];
                        f.extend(super::wdl_fields(wdl));
                        json::obj(f)
                    })
                    .collect(),
            ),
        ));
        top.push((
            "sprt",
            match &self.sprt {
                Some((s, llr, d)) => super::sprt_json(s, *llr, *d),
                None => Json::Null,
            },
        ));
        top.push((
            "terminations",
            Json::Object(
                self.terminations
                    .iter()
                    .map(|(k, v)| (k.clone(), Json::from(*v)))
                    .collect(),
            ),
        ));
        top.push((
            "disagreements",
            Json::Array(self.disagreements.iter().map(json::text).collect()),
        ));
        json::obj(top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(wins: u32, pairs: Option<[u32; 5]>, model: Option<&str>) -> String {
        let mut v = serde_json::json!({
            "engines": ["new", "base"],
            "games_played": wins + 2,
            "players": [
                {"wins": wins, "draws": 2, "losses": 0},
                {"wins": 0, "draws": 2, "losses": wins}
            ],
            "sprt": {"elo0": 0.0, "elo1": 10.0, "alpha": 0.05, "beta": 0.05}
        });
        if let Some(counts) = pairs {
            v["pairs"] = serde_json::json!({ "counts": counts });
        }
        if let Some(m) = model {
            v["sprt"]["model"] = serde_json::json!(m);
        }
        v.to_string()
    }

    #[test]
    fn pairs_add_up_and_old_summaries_fall_back_to_games() {
        let a = (
            "a.json".to_string(),
            summary(2, Some([0, 0, 1, 1, 0]), Some("pairs")),
        );
        let b = (
            "b.json".to_string(),
            summary(4, Some([0, 1, 0, 1, 1]), None),
        );
        let m = merge(&[a.clone(), b.clone()], None).unwrap();
        assert_eq!(m.pairs.unwrap().counts, [0, 1, 1, 2, 1]);
        // The first shard's SPRT, by its model.
        let (s, llr, _) = m.sprt.unwrap();
        assert_eq!(s.model, SprtModel::Pairs);
        assert_eq!(llr, s.llr_by_model(&m.players[0], &m.pairs.unwrap()));
        assert!(m.text().contains("By pairs: 5 pairs"), "{}", m.text());
        // A summary without pair counts (written before they were kept) merges by games.
        let old = ("old.json".to_string(), summary(3, None, None));
        let m = merge(&[a, old], None).unwrap();
        assert!(m.pairs.is_none());
        let (s, llr, _) = m.sprt.unwrap();
        assert_eq!(s.model, SprtModel::Games);
        assert_eq!(llr, s.llr(&m.players[0]));
        assert!(m
            .text()
            .contains("Note: a shard's summary has no pair counts"));
        assert!(m.json().get("pairs").is_none());
    }
}
