//! One self-contained HTML page per judged position (`explain --html`, `gallery`): the
//! board, every verdict with its sentence, and buttons that step through each proof line.
//!
//! Everything is inline (CSS, the SVG board, the script and its data), so the page works
//! from a file with no network. The script only changes the classes of the stones the SVG
//! already has; the drawing is done once, in Rust (`svg.rs`).
//!
//! Opened with `#selftest` at the end of its address, the page steps through every line
//! itself and writes the result into `<pre id="selftest">`, which a headless browser can
//! dump: the browser test of `cli/tests/browser.rs` relies on that.

use crate::explain::{cell_index, Explained};
use crate::sentences::{Label, Language, StepNote};
use crate::svg::{self, CELL, MARGIN};
use rules_core::confirmation::ConfirmationMove;
use rules_core::Position;
use solver::scoring::PositionJudgement;
use std::fmt::Write;

/// Escapes text for HTML element content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// What a page shows.
#[derive(Debug)]
pub struct Page<'a> {
    /// The page title (plain text).
    pub title: &'a str,
    /// The judged position.
    pub position: &'a Position,
    /// Its judgement.
    pub judgement: &'a PositionJudgement,
    /// The strings explained, in the order of `judgement.strings`.
    pub explained: &'a [Explained],
    /// HTML put between the title and the board (already escaped), for the gallery.
    pub extra_html: String,
    /// More lines to step through, each with its title: the gallery's lines of the same
    /// position under another reading (the cycles that `--cycles report` finds).
    pub extra_lines: &'a [(String, Explained)],
    /// The language of the labels.
    pub lang: Language,
}

const CSS: &str = "body{font-family:sans-serif;margin:1.5em;max-width:70em;color:#222}\
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.2em}\
.wrap{display:flex;flex-wrap:wrap;gap:2em;align-items:flex-start}\
.controls button{margin:0 .3em .3em 0;padding:.3em .8em}\
.lines button{display:block;margin:.2em 0;text-align:left;width:100%}\
.lines button.on{background:#ffe08a}#caption{min-height:3em;margin:.5em 0;font-weight:bold}\
#moves span{cursor:pointer;padding:0 .15em}#moves span.on{background:#ffe08a}\
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.25em .5em;vertical-align:top}\
.alive{color:#060}.dead{color:#b00}.seki{color:#0050b0}.unknown{color:#c60}\
pre#selftest{color:#777}";

const SCRIPT: &str = r#"(function(){
var errors=[];
window.addEventListener('error',function(e){errors.push(String(e.message));});
var origError=console.error;
console.error=function(){errors.push(Array.prototype.join.call(arguments,' '));origError.apply(console,arguments);};
var data=JSON.parse(document.getElementById('data').textContent);
var line=0,step=0;
function $(id){return document.getElementById(id);}
function paint(board){
  for(var k=0;k<board.length;k++){
    var el=$('s'+k);if(!el)continue;
    var c=board.charAt(k);
    el.setAttribute('class',c==='X'?'st b':(c==='O'?'st w':'st e'));
  }
}
function boardNow(){
  var s='';
  for(var k=0;k<data.cells;k++){var el=$('s'+k);s+=el?el.getAttribute('class'):'?';}
  return s;
}
function show(){
  var l=data.lines[line];
  var n=l?l.steps.length:0;
  if(step<0)step=0;if(step>n)step=n;
  paint(step===0?data.start:l.steps[step-1].board);
  $('marks').setAttribute('visibility',step===0?'visible':'hidden');
  var last=$('last');
  if(step>0&&l.steps[step-1].cell>=0){
    var k=l.steps[step-1].cell;
    last.setAttribute('cx',data.margin+(k%data.width)*data.cell);
    last.setAttribute('cy',data.margin+Math.floor(k/data.width)*data.cell);
    last.setAttribute('visibility','visible');
  }else{last.setAttribute('visibility','hidden');}
  var cap;
  if(!l){cap=data.noLines;}
  else if(step===0){cap=l.title+': '+l.sentence;}
  else{var s=l.steps[step-1];cap=step+'/'+n+'. '+s.move+(s.note?' \u2014 '+s.note:'');}
  $('caption').textContent=cap;
  var btns=document.querySelectorAll('.lines button');
  for(var i=0;i<btns.length;i++){btns[i].className=(i===line?'on':'');}
  var moves=$('moves');moves.textContent='';
  if(l){for(var j=0;j<n;j++){
    var sp=document.createElement('span');
    sp.textContent=l.steps[j].move+(j+1<n?',':'');
    sp.className=(j+1===step?'on':'');
    sp.setAttribute('data-step',String(j+1));
    sp.onclick=function(){step=parseInt(this.getAttribute('data-step'),10);show();};
    moves.appendChild(sp);moves.appendChild(document.createTextNode(' '));
  }}
}
function go(d){step+=d;show();}
$('start').onclick=function(){step=0;show();};
$('prev').onclick=function(){go(-1);};
$('next').onclick=function(){go(1);};
$('end').onclick=function(){step=1e9;show();};
var lb=document.querySelectorAll('.lines button');
for(var i=0;i<lb.length;i++){(function(i){lb[i].onclick=function(){line=i;step=0;show();};})(i);}
document.addEventListener('keydown',function(e){if(e.key==='ArrowRight')go(1);if(e.key==='ArrowLeft')go(-1);});
show();
if(location.hash==='#selftest'){
  var lines=0,steps=0,changes=0,bad=[];
  for(var li=0;li<data.lines.length;li++){
    line=li;step=0;show();
    var before=boardNow(),plays=0,seen=0;
    for(var si=0;si<data.lines[li].steps.length;si++){
      if(data.lines[li].steps[si].cell>=0)plays++;
      $('next').click();steps++;
      var now=boardNow();if(now!==before){changes++;seen++;}before=now;
    }
    if(plays>0&&seen===0)bad.push('line '+(li+1)+' never changed the board');
    lines++;
  }
  if(data.lines.length>0){line=0;step=0;show();$('next').click();}
  var out=$('selftest');
  var ok=errors.length===0&&bad.length===0;
  out.setAttribute('data-result',ok?'ok':'fail');
  out.textContent=(ok?'ok':'fail')+' lines='+lines+' steps='+steps+' changes='+changes+(errors.length?' errors='+errors.join(' | '):'')+(bad.length?' '+bad.join('; '):'');
}
})();"#;

/// The page as one HTML document.
pub fn page(p: &Page) -> String {
    let lang = p.lang;
    let size = p.position.size();
    let (w, h) = (size.width(), size.height());
    let mut picture = svg::judged_picture(p.position, p.judgement);
    picture.ids = true;
    let board_svg = svg::render(&picture, lang);
    let mut lines = Vec::new();
    let mut line_buttons = String::new();
    let titled = p
        .judgement
        .strings
        .iter()
        .zip(p.explained)
        .map(|(report, e)| {
            let title = format!(
                "{} {}: {}",
                lang.color(report.judgement.color),
                report.judgement.stones_text(),
                report.status
            );
            (title, e)
        })
        .chain(p.extra_lines.iter().map(|(t, e)| (t.clone(), e)));
    for (title, e) in titled {
        if e.line.steps.is_empty() {
            continue;
        }
        let steps: Vec<serde_json::Value> = e
            .line
            .steps
            .iter()
            .map(|s| {
                let cell = match s.mv.mv {
                    ConfirmationMove::Play(pt) => cell_index(pt, w, h) as i64,
                    _ => -1,
                };
                let note = match s.note {
                    StepNote::Play => String::new(),
                    n => lang.step_note(n),
                };
                serde_json::json!({
                    "move": s.mv.to_string(),
                    "note": note,
                    "board": s.board,
                    "cell": cell,
                })
            })
            .collect();
        let _ = write!(
            line_buttons,
            "<button type=\"button\">{}</button>",
            escape(&lang.line_button(&title, steps.len()))
        );
        lines.push(serde_json::json!({
            "title": title,
            "sentence": e.sentence,
            "steps": steps,
        }));
    }
    let data = serde_json::json!({
        "width": w,
        "cells": w * h,
        "cell": CELL,
        "margin": MARGIN,
        "start": crate::explain::board_string(p.position),
        "lines": lines,
        "noLines": lang.label(Label::NoLines),
    });
    // `</` inside a script element would end it early.
    let data_text = data.to_string().replace("</", "<\\/");
    let mut table = String::new();
    let _ = write!(
        table,
        "<table><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
        lang.label(Label::String),
        lang.label(Label::Status),
        lang.label(Label::Why),
        lang.label(Label::Line),
        lang.label(Label::Nodes)
    );
    for (report, e) in p.judgement.strings.iter().zip(p.explained) {
        let j = &report.judgement;
        let _ = write!(
            table,
            "<tr><td>{} {}</td><td class=\"{}\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            lang.color(j.color),
            escape(&j.stones_text()),
            report.status,
            report.status,
            escape(&e.sentence),
            escape(&j.line()),
            j.nodes
        );
    }
    table.push_str("</table>");
    let mut summary = String::new();
    if let Some(t) = &p.judgement.territory {
        let _ = write!(
            summary,
            "<p>{}</p>",
            lang.territory_summary(
                t.territory.black.len(),
                t.territory.white.len(),
                t.dame.len(),
                t.seki.len()
            )
        );
    }
    if let Some(score) = &p.judgement.score {
        let _ = write!(
            summary,
            "<p>{}</p>",
            escape(&lang.score_summary(
                score.black,
                score.white,
                &score.komi.to_string(),
                &score.result()
            ))
        );
    }
    let title = escape(p.title);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width\"><title>{title}</title><style>{CSS}</style></head>\
<body><h1>{title}</h1>{extra}<p>{reading_label}: {reading}</p>\
<div class=\"wrap\"><div>{board_svg}</div><div style=\"flex:1;min-width:18em\">\
<div class=\"controls\"><button type=\"button\" id=\"start\">{start}</button><button type=\"button\" id=\"prev\">{prev}</button>\
<button type=\"button\" id=\"next\">{next}</button><button type=\"button\" id=\"end\">{end}</button></div>\
<div id=\"caption\"></div><div id=\"moves\"></div><h2>{lines_label}</h2><div class=\"lines\">{line_buttons}</div></div></div>\
<h2>{judged}</h2>{table}{summary}<pre id=\"selftest\"></pre>\
<script type=\"application/json\" id=\"data\">{data_text}</script><script>{SCRIPT}</script></body></html>\n",
        extra = p.extra_html,
        reading_label = lang.label(Label::Reading),
        reading = escape(&p.judgement.reading.to_string()),
        start = lang.label(Label::Start),
        prev = lang.label(Label::Previous),
        next = lang.label(Label::Next),
        end = lang.label(Label::End),
        lines_label = lang.label(Label::ProofLines),
        judged = lang.label(Label::JudgedPosition),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_covers_markup() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }
}
