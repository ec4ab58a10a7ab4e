// Search tweaks for Material's own search, in two parts.
//
// 1. Pasted error lines and plain questions are full of words that match
// everything: Material adds a trailing wildcard to every term, so "a"
// searches "a*" and "2019-01-25" searches every token starting with 2019.
// Before a query reaches Material's search worker, drop filler words,
// numbers, addresses and one-letter words. A query made only of those is
// left as it is, so typing "if" still finds something.
(() => {
  const QUERY = 2; // Material's SearchMessageType.QUERY
  // lunr's English stop words (the index drops them too), plus "also", the
  // names every entry here shares (a plain "tf" would match "tf.*"), the
  // halves of "doesn't", and the words of an issue title that say nothing
  // about the problem ("error", "help", "trying").
  const FILLER = new Set(`a able about across after all almost also am
    among an and any are as at be because been but by can cannot could
    dear did do does either else ever every for from get got had has have
    he her hers him his how however i if in into is it its just least let
    like likely may me might most must my neither no nor not of off often
    on only or other our own rather said say says she should since so some
    than that the their them then there these they this tis to too twas us
    wants was we were what when where which while who whom why will with
    would yet you your
    tf tensorflow keras
    aren couldn didn doesn don hasn haven isn shouldn wasn weren won wouldn
    error errors help issue need problem question solve tried trying want
    work working works`.split(/\s+/));
  // Between words: spaces, brackets, quotes (typographic ones too, as
  // issue titles paste them). Around a word: punctuation and the
  // characters Material reads as operators (+ - ~ ^ : *).
  const BETWEEN = /[\s,;()[\]{}<>"'`=|\u2018\u2019\u201c\u201d]+/;
  // Two plain words joined by a slash are two words ("CPU/GPU",
  // "on/off"); a path keeps its slashes and matches nothing.
  const PAIR = /^[A-Za-z]+\/[A-Za-z]+$/;
  const EDGES = /^[*+\-~^:.!?]+|[*+\-~^:.!?]+$/g;
  const NOISE = /^(\d[\d.:_\-/]*|0x[0-9a-f]+)$/i;

  // The index keeps words as written (no stemmer: Material's trailing
  // wildcard skips the stemmer, so "losses*" would miss a stemmed "loss").
  // Cutting a plain word back to its stem lets the wildcard find every
  // form: "losses" -> "loss*", "creating" -> "creat*", "NaNs" -> "NaN*".
  // A doubled last consonant left by the cut goes too: "running" -> "run*".
  const SUFFIXES = [[/ies$/, 6], [/(?<=[sxz]|[cs]h)es$/, 5], [/ing$/, 6],
    [/ed$/, 5], [/(?<![siu])s$/, 4]];
  function stem(word) {
    if (/^[A-Za-z]+[A-Z]s$/.test(word)) return word.slice(0, -1); // GPUs
    if (!/^[A-Za-z][a-z]+$/.test(word)) return word;
    for (const [suffix, shortest] of SUFFIXES)
      if (word.length >= shortest && suffix.test(word))
        return word.replace(suffix, "")
          .replace(/([b-df-hj-kmnp-rtv-z])\1$/, "$1");
    return word;
  }

  // A pasted line names the user's own layers and variables: Keras's
  // numbering ("dense_30", "kernel:0") says nothing about the problem.
  const NUMBERING = /(_\d+|:\d+)+(?=$|\/)/g;
  // An error line says what went wrong first; the rest of a long line is
  // the user's shapes, names and paths, and every extra word costs time.
  const MOST_WORDS = 12;
  // Material makes every word a prefix search, so "model" also finds the
  // rare, heavily weighted "model_from_json" and can rank its entry above
  // one that says "model". Each word is sent twice: cut to its stem as a
  // prefix search, and as typed, whole, with this weight: the entry that
  // has the very word ranks first.
  const WHOLE_WORD = 2;

  function clean(query) {
    const seen = new Set();
    const words = query.split(BETWEEN)
      .flatMap(word => PAIR.test(word) ? word.split("/") : [word])
      .map(word => word.replace(EDGES, "").replace(NUMBERING, ""))
      .filter(word => word.length > 1 && !NOISE.test(word)
        && !FILLER.has(word.toLowerCase())
        && !FILLER.has(stem(word).toLowerCase())) // "getting" -> "get"
      .filter(word => !seen.has(word.toLowerCase())
        && seen.add(word.toLowerCase()));
    return words.length
      ? words.slice(0, MOST_WORDS)
        .map(word => `${stem(word)} ${word}^${WHOLE_WORD}`).join(" ")
      : query;
  }

  const send = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === QUERY && typeof message.data === "string")
      message = { ...message, data: clean(message.data) };
    return send.call(this, message, ...rest);
  };
})();

// A search result opens its entry. Entries are indexed as "page?e=<anchor>"
// (macros/search.py), so that each is a result of its own; on arrival the
// address becomes "page#<anchor>", keeping Material's "?h=" highlight terms.
(() => {
  const url = new URL(location.href);
  const anchor = url.searchParams.get("e");
  if (!anchor) return;
  url.searchParams.delete("e");
  url.hash = "";
  try {
    history.replaceState(history.state, "", url);
  } catch {
    // file:// pages may refuse; the "?e=" simply stays in the address
  }
  location.hash = anchor; // scrolls as a link to the anchor would
})();
