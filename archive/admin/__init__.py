"""The archive's admin: a module each for outlets, articles, captures and their history.

HistoryAdmin, which every archived record's admin builds on, serves the quotes app's admin
too; the names it imports are presented here."""

from .articles import ArticleAdmin
from .captures import CaptureAdmin
from .history import ChangeNoteForm, HistoryAdmin, history_note
from .languages import LanguageListFilter
from .outlets import OutletAdmin

__all__ = [
    "ArticleAdmin",
    "CaptureAdmin",
    "ChangeNoteForm",
    "HistoryAdmin",
    "LanguageListFilter",
    "OutletAdmin",
    "history_note",
]
