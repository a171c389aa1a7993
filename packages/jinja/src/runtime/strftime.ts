// Python/C strftime with English names, on the local time of a Date (glibc directives incl. `%-d`, `%e`).
import { StringBuilder } from "./builder.js";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
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
];

const pad = (n: number, w: number, c = "0"): string => String(n).padStart(w, c);

function dayOfYear(d: Date): number {
  const start = new Date(d.getFullYear(), 0, 1);
  return Math.round((new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime() - start.getTime()) / 86400000) + 1;
}

function isoWeek(d: Date): [number, number] {
  const t = new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const y = t.getUTCFullYear();
  return [y, Math.ceil(((t.getTime() - Date.UTC(y, 0, 1)) / 86400000 + 1) / 7)];
}

function directive(d: Date, c: string): string | null {
  const h = d.getHours();
  switch (c) {
    case "Y":
      return String(d.getFullYear());
    case "y":
      return pad(d.getFullYear() % 100, 2);
    case "C":
      return pad(Math.floor(d.getFullYear() / 100), 2);
    case "m":
      return pad(d.getMonth() + 1, 2);
    case "d":
      return pad(d.getDate(), 2);
    case "e":
      return pad(d.getDate(), 2, " ");
    case "H":
      return pad(h, 2);
    case "k":
      return pad(h, 2, " ");
    case "l":
      return pad(h % 12 || 12, 2, " ");
    case "I":
      return pad(h % 12 || 12, 2);
    case "M":
      return pad(d.getMinutes(), 2);
    case "S":
      return pad(d.getSeconds(), 2);
    case "f":
      return pad(d.getMilliseconds() * 1000, 6);
    case "p":
      return h < 12 ? "AM" : "PM";
    case "b":
    case "h":
      return MONTHS[d.getMonth()].slice(0, 3);
    case "B":
      return MONTHS[d.getMonth()];
    case "a":
      return DAYS[d.getDay()].slice(0, 3);
    case "A":
      return DAYS[d.getDay()];
    case "w":
      return String(d.getDay());
    case "u":
      return String(d.getDay() || 7);
    case "j":
      return pad(dayOfYear(d), 3);
    case "U": {
      const doy = dayOfYear(d) - 1;
      return pad(Math.floor((doy + 7 - d.getDay()) / 7), 2);
    }
    case "W": {
      const doy = dayOfYear(d) - 1;
      return pad(Math.floor((doy + 7 - ((d.getDay() + 6) % 7)) / 7), 2);
    }
    case "V":
      return pad(isoWeek(d)[1], 2);
    case "G":
      return String(isoWeek(d)[0]);
    case "D":
      return `${directive(d, "m")}/${directive(d, "d")}/${directive(d, "y")}`;
    case "F":
      return `${directive(d, "Y")}-${directive(d, "m")}-${directive(d, "d")}`;
    case "T":
      return `${directive(d, "H")}:${directive(d, "M")}:${directive(d, "S")}`;
    case "R":
      return `${directive(d, "H")}:${directive(d, "M")}`;
    case "r":
      return `${directive(d, "I")}:${directive(d, "M")}:${directive(d, "S")} ${directive(d, "p")}`;
    case "c":
      return `${directive(d, "a")} ${directive(d, "b")} ${directive(d, "e")} ${directive(d, "T")} ${directive(d, "Y")}`;
    case "x":
      return directive(d, "D");
    case "X":
      return directive(d, "T");
    case "n":
      return "\n";
    case "t":
      return "\t";
    case "%":
      return "%";
    case "z": {
      const off = -d.getTimezoneOffset();
      return `${off >= 0 ? "+" : "-"}${pad(Math.floor(Math.abs(off) / 60), 2)}${pad(Math.abs(off) % 60, 2)}`;
    }
    case "Z":
      return "";
    case "s":
      return String(Math.floor(d.getTime() / 1000));
  }
  return null;
}

export function strftime(d: Date, fmt: string): string {
  const out = new StringBuilder();
  for (let i = 0; i < fmt.length; i++) {
    if (fmt[i] !== "%" || i + 1 >= fmt.length) {
      out.add(fmt[i]);
      continue;
    }
    let c = fmt[++i];
    let noPad = false;
    if (c === "-" && i + 1 < fmt.length) {
      noPad = true;
      c = fmt[++i];
    }
    const v = directive(d, c);
    if (v === null) out.add(`%${noPad ? "-" : ""}${c}`);
    else out.add(noPad ? v.replace(/^[0 ]+(?=.)/, "") : v);
  }
  return out.toString();
}
