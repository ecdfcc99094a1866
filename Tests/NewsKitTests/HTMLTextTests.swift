import Testing

@testable import NewsKit

@Suite("HTML to text")
struct HTMLTextTests {
    @Test func lineCollapsesEverything() {
        #expect(HTMLText.line("  <b>Hello</b>\n\n <i>world</i>  ") == "Hello world")
        #expect(HTMLText.line("<p>One</p><p>Two</p>") == "One Two")
        #expect(HTMLText.line("Tom &amp; Jerry&nbsp;&mdash; &hellip; caf&eacute;") == "Tom & Jerry — … café")
        #expect(HTMLText.line("&#233;&#xE9;&#X1F600;&#8212;") == "éé😀—")
        #expect(HTMLText.line("") == "")
    }

    @Test func textKeepsParagraphsLinesAndBullets() {
        let html = """
            <h2>Title</h2><p>First paragraph
            spans lines.</p><p>Second<br>line two<br/>line three</p>
            <ul><li>one</li><li>two <b>bold</b></li></ul><div>After</div>
            """
        #expect(
            HTMLText.text(html) == """
                Title

                First paragraph spans lines.

                Second
                line two
                line three

                • one
                • two bold

                After
                """)
    }

    @Test func blankLineRunsCollapse() {
        #expect(HTMLText.text("<p>a</p><p></p><p> </p><br><br><br><p>b</p>") == "a\n\nb")
        #expect(HTMLText.text("a<br><br><br><br>b") == "a\nb")
    }

    @Test func scriptsStylesAndCommentsAreDropped() {
        let html =
            "<style>p{color:red}</style>Visible<script type=\"x\">if (a < b) { alert('</p>') }</script> text<!-- hidden <b> -->!"
        #expect(HTMLText.text(html) == "Visible text!")
        #expect(HTMLText.text("<SCRIPT>x</SCRIPT>ok") == "ok")
        #expect(HTMLText.text("before<script>never closed") == "before")
    }

    @Test func notATagStaysText() {
        #expect(HTMLText.line("a < b and c > d") == "a < b and c > d")
        #expect(HTMLText.line("I <3 feeds") == "I <3 feeds")
        #expect(HTMLText.line("x <y") == "x <y")
        #expect(HTMLText.line("&lt;b&gt;escaped&lt;/b&gt;") == "<b>escaped</b>")
        #expect(HTMLText.line("AT&T & more &unknown; &amp") == "AT&T & more &unknown; &amp")
    }

    @Test func attributesWithAngleBrackets() {
        #expect(HTMLText.line(#"<a href="x" title="a > b">link</a> end"#) == "link end")
        #expect(HTMLText.line(#"<img src="a.png" alt="pic"/>Caption"#) == "Caption")
    }

    @Test func cdataInsideHTML() {
        #expect(HTMLText.line("<![CDATA[<raw> & text]]> after") == "<raw> & text after")
    }

    @Test func numericReferencesNeverIntroduceControlCharacters() {
        #expect(
            HTMLText.line("a&#0;b&#1;c&#x7F;d&#xD800;e&#x110000;f") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f")
        #expect(HTMLText.line("&#150;&#151;&#128;&#153;") == "–—€™")  // Windows-1252 range, as browsers do
        #expect(HTMLText.line("&#129;") == "\u{FFFD}")
        #expect(HTMLText.line("&#99999999999999999999;") == "\u{FFFD}")
    }

    @Test func preformattedKeepsLines() {
        #expect(HTMLText.text("<pre>line 1\nline 2</pre>after") == "line 1\nline 2\n\nafter")
    }

    @Test func tableCellsAreSeparated() {
        #expect(HTMLText.text("<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>") == "a b\nc")
    }

    @Test func plainTextNormalisation() {
        #expect(HTMLText.plain("  one  two \n three\n\n\n\nfour  ", singleLine: false) == "one two\nthree\n\nfour")
        #expect(HTMLText.plain("one\n\ntwo", singleLine: true) == "one two")
    }

    @Test func emojiAndCJKSurviveUntouched() {
        let text = "👩‍👩‍👧 🇯🇵 東京 서울 北京\u{3000}全角"
        #expect(HTMLText.line(text) == text)
        #expect(HTMLText.decodeEntities("&amp;&lt;&gt;&quot;&apos;&copy;") == "&<>\"'©")
    }
}
