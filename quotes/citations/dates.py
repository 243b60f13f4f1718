"""Dates as the citation styles and files write them."""

MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
# MLA 9, Appendix 1: month names longer than four letters are abbreviated in works cited.
MLA_MONTHS = "Jan. Feb. Mar. Apr. May June July Aug. Sept. Oct. Nov. Dec.".split()


def iso(date):
    return date.isoformat() if date else ""


def american_date(date):
    return f"{MONTHS[date.month - 1]} {date.day}, {date.year}"


def british_date(date):
    return f"{date.day} {MONTHS[date.month - 1]} {date.year}"


def mla_date(date):
    return f"{date.day} {MLA_MONTHS[date.month - 1]} {date.year}"


def date_parts(date):
    return {"date-parts": [[date.year, date.month, date.day]]}
