"""How to cite a quote: the facts a reference needs, and its APA, MLA, Chicago, BibTeX, RIS
and CSL-JSON forms.

What a researcher cites is the news article that printed the words, not the speaker: in all
three manuals a person quoted in a source is not its author. The speaker is named in the
researcher's own sentence, the quotation is credited to the article it was read in, and only
that article goes into the reference list (the sections each manual gives for it are listed
in apa7.py, mla9.py and chicago17.py).

The article cited is the earliest that printed the words (outlet, date, headline, byline),
and the URL is Verbatim's permalink, where the reader finds that article's archived copy.

The package, from the bottom up: text.py (quotation marks, full stops), dates.py, bylines.py
(authors and their name forms), titles.py (title and sentence case), styled.py (a citation's
pieces with their italics), the three styles (apa7.py, mla9.py, chicago17.py), citation.py
(the facts read from a quote, and its styles) and files.py (the BibTeX, RIS and CSL-JSON
downloads).
"""
