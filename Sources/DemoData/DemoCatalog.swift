import Aggregation
import SeededRandom

/// Facts the demo data draws from: real colleges with their places and sizes, names,
/// metrics, and the hostile strings every output must survive.
enum DemoCatalog {
    struct College {
        let name: String
        let city: String
        let state: String
        let latitude: Double
        let longitude: Double
        let students: Int
        let division: String
        let conference: String
    }

    static let colleges: [College] = [
        College(
            name: "University of Texas at Austin",
            city: "Austin",
            state: "TX",
            latitude: 30.2849,
            longitude: -97.7341,
            students: 52_000,
            division: "D1",
            conference: "SEC"
        ),
        College(
            name: "Stanford University",
            city: "Stanford",
            state: "CA",
            latitude: 37.4275,
            longitude: -122.1697,
            students: 17_500,
            division: "D1",
            conference: "ACC"
        ),
        College(
            name: "University of Florida",
            city: "Gainesville",
            state: "FL",
            latitude: 29.6436,
            longitude: -82.3549,
            students: 55_000,
            division: "D1",
            conference: "SEC"
        ),
        College(
            name: "Vanderbilt University",
            city: "Nashville",
            state: "TN",
            latitude: 36.1447,
            longitude: -86.8027,
            students: 13_800,
            division: "D1",
            conference: "SEC"
        ),
        College(
            name: "University of Michigan",
            city: "Ann Arbor",
            state: "MI",
            latitude: 42.2780,
            longitude: -83.7382,
            students: 51_000,
            division: "D1",
            conference: "Big Ten"
        ),
        College(
            name: "Duke University",
            city: "Durham",
            state: "NC",
            latitude: 36.0014,
            longitude: -78.9382,
            students: 17_600,
            division: "D1",
            conference: "ACC"
        ),
        College(
            name: "Rice University",
            city: "Houston",
            state: "TX",
            latitude: 29.7174,
            longitude: -95.4018,
            students: 8_500,
            division: "D1",
            conference: "American"
        ),
        College(
            name: "Gonzaga University",
            city: "Spokane",
            state: "WA",
            latitude: 47.6670,
            longitude: -117.4020,
            students: 7_300,
            division: "D1",
            conference: "WCC"
        ),
        College(
            name: "University of Oregon",
            city: "Eugene",
            state: "OR",
            latitude: 44.0448,
            longitude: -123.0726,
            students: 23_000,
            division: "D1",
            conference: "Big Ten"
        ),
        College(
            name: "Boston College",
            city: "Chestnut Hill",
            state: "MA",
            latitude: 42.3355,
            longitude: -71.1685,
            students: 15_000,
            division: "D1",
            conference: "ACC"
        ),
        College(
            name: "University of Hawaiʻi at Mānoa",
            city: "Honolulu",
            state: "HI",
            latitude: 21.2969,
            longitude: -157.8171,
            students: 19_000,
            division: "D1",
            conference: "Big West"
        ),
        College(
            name: "Grand Valley State University",
            city: "Allendale",
            state: "MI",
            latitude: 42.9634,
            longitude: -85.8886,
            students: 22_000,
            division: "D2",
            conference: "GLIAC"
        ),
        College(
            name: "University of Tampa",
            city: "Tampa",
            state: "FL",
            latitude: 27.9464,
            longitude: -82.4662,
            students: 10_900,
            division: "D2",
            conference: "Sunshine State"
        ),
        College(
            name: "Colorado School of Mines",
            city: "Golden",
            state: "CO",
            latitude: 39.7510,
            longitude: -105.2226,
            students: 7_200,
            division: "D2",
            conference: "RMAC"
        ),
        College(
            name: "Angelo State University",
            city: "San Angelo",
            state: "TX",
            latitude: 31.4410,
            longitude: -100.4630,
            students: 10_000,
            division: "D2",
            conference: "Lone Star"
        ),
        College(
            name: "West Chester University",
            city: "West Chester",
            state: "PA",
            latitude: 39.9526,
            longitude: -75.5994,
            students: 17_700,
            division: "D2",
            conference: "PSAC"
        ),
        College(
            name: "Nova Southeastern University",
            city: "Fort Lauderdale",
            state: "FL",
            latitude: 26.0814,
            longitude: -80.2427,
            students: 20_000,
            division: "D2",
            conference: "Sunshine State"
        ),
        College(
            name: "Cal State San Bernardino",
            city: "San Bernardino",
            state: "CA",
            latitude: 34.1820,
            longitude: -117.3230,
            students: 19_000,
            division: "D2",
            conference: "CCAA"
        ),
        College(
            name: "Minnesota State University, Mankato",
            city: "Mankato",
            state: "MN",
            latitude: 44.1456,
            longitude: -93.9983,
            students: 14_000,
            division: "D2",
            conference: "NSIC"
        ),
        College(
            name: "Williams College",
            city: "Williamstown",
            state: "MA",
            latitude: 42.7128,
            longitude: -73.2032,
            students: 2_100,
            division: "D3",
            conference: "NESCAC"
        ),
        College(
            name: "Amherst College",
            city: "Amherst",
            state: "MA",
            latitude: 42.3709,
            longitude: -72.5170,
            students: 1_900,
            division: "D3",
            conference: "NESCAC"
        ),
        College(
            name: "Johns Hopkins University",
            city: "Baltimore",
            state: "MD",
            latitude: 39.3299,
            longitude: -76.6205,
            students: 6_000,
            division: "D3",
            conference: "Centennial"
        ),
        College(
            name: "Emory University",
            city: "Atlanta",
            state: "GA",
            latitude: 33.7925,
            longitude: -84.3240,
            students: 15_400,
            division: "D3",
            conference: "UAA"
        ),
        College(
            name: "Washington University in St. Louis",
            city: "St. Louis",
            state: "MO",
            latitude: 38.6488,
            longitude: -90.3108,
            students: 16_500,
            division: "D3",
            conference: "UAA"
        ),
        College(
            name: "Pomona College",
            city: "Claremont",
            state: "CA",
            latitude: 34.0975,
            longitude: -117.7131,
            students: 1_700,
            division: "D3",
            conference: "SCIAC"
        ),
        College(
            name: "Trinity University",
            city: "San Antonio",
            state: "TX",
            latitude: 29.4622,
            longitude: -98.4830,
            students: 2_700,
            division: "D3",
            conference: "SAA"
        ),
        College(
            name: "Wheaton College",
            city: "Wheaton",
            state: "IL",
            latitude: 41.8700,
            longitude: -88.0990,
            students: 2_900,
            division: "D3",
            conference: "CCIW"
        ),
        College(
            name: "Whitworth University",
            city: "Spokane",
            state: "WA",
            latitude: 47.7530,
            longitude: -117.4170,
            students: 2_500,
            division: "D3",
            conference: "NWC"
        ),
        College(
            name: "Lewis-Clark State College",
            city: "Lewiston",
            state: "ID",
            latitude: 46.4135,
            longitude: -117.0230,
            students: 3_500,
            division: "NAIA",
            conference: "Cascade"
        ),
        College(
            name: "Oklahoma City University",
            city: "Oklahoma City",
            state: "OK",
            latitude: 35.4934,
            longitude: -97.5300,
            students: 2_500,
            division: "NAIA",
            conference: "Sooner"
        ),
        College(
            name: "Georgetown College",
            city: "Georgetown",
            state: "KY",
            latitude: 38.2098,
            longitude: -84.5588,
            students: 1_400,
            division: "NAIA",
            conference: "Mid-South"
        ),
        College(
            name: "Point Loma Nazarene University",
            city: "San Diego",
            state: "CA",
            latitude: 32.7170,
            longitude: -117.2510,
            students: 4_600,
            division: "NAIA",
            conference: "PacWest"
        ),
        College(
            name: "Tabor College",
            city: "Hillsboro",
            state: "KS",
            latitude: 38.3515,
            longitude: -97.2040,
            students: 750,
            division: "NAIA",
            conference: "KCAC"
        ),
        College(
            name: "Keiser University",
            city: "West Palm Beach",
            state: "FL",
            latitude: 26.7610,
            longitude: -80.1060,
            students: 19_000,
            division: "NAIA",
            conference: "Sun"
        ),
        College(
            name: "Iowa Western Community College",
            city: "Council Bluffs",
            state: "IA",
            latitude: 41.2370,
            longitude: -95.8080,
            students: 6_500,
            division: "JUCO",
            conference: "ICCAC"
        ),
        College(
            name: "Blinn College",
            city: "Brenham",
            state: "TX",
            latitude: 30.1660,
            longitude: -96.3970,
            students: 18_000,
            division: "JUCO",
            conference: "Southwest Junior College"
        ),
        College(
            name: "San Jacinto College",
            city: "Pasadena",
            state: "TX",
            latitude: 29.6580,
            longitude: -95.1580,
            students: 30_000,
            division: "JUCO",
            conference: "NJCAA Region XIV"
        ),
        College(
            name: "Santa Fe College",
            city: "Gainesville",
            state: "FL",
            latitude: 29.6830,
            longitude: -82.4320,
            students: 13_000,
            division: "JUCO",
            conference: "Mid-Florida"
        ),
        College(
            name: "Chipola College",
            city: "Marianna",
            state: "FL",
            latitude: 30.7800,
            longitude: -85.2300,
            students: 2_000,
            division: "JUCO",
            conference: "Panhandle"
        ),
        College(
            name: "Yavapai College",
            city: "Prescott",
            state: "AZ",
            latitude: 34.5650,
            longitude: -112.4570,
            students: 8_000,
            division: "JUCO",
            conference: "ACCAC"
        ),
        College(
            name: "University of Puerto Rico at Mayagüez",
            city: "Mayagüez",
            state: "PR",
            latitude: 18.2110,
            longitude: -67.1400,
            students: 12_000,
            division: "D2",
            conference: "LAI"
        ),
        College(
            name: "Georgetown University",
            city: "Washington",
            state: "DC",
            latitude: 38.9076,
            longitude: -77.0723,
            students: 19_000,
            division: "D1",
            conference: "Big East"
        ),
        College(
            name: "Université de Montréal",
            city: "Montréal",
            state: "QC",
            latitude: 45.5017,
            longitude: -73.6153,
            students: 45_000,
            division: "NAIA",
            conference: "U SPORTS"
        ),
        College(
            name: "University of Ghana",
            city: "Accra",
            state: "",
            latitude: 5.6506,
            longitude: -0.1962,
            students: 40_000,
            division: "JUCO",
            conference: "—"
        ),
        College(
            name: "Universidad de São Paulo",
            city: "São Paulo",
            state: "",
            latitude: -23.5613,
            longitude: -46.7307,
            students: 90_000,
            division: "NAIA",
            conference: "—"
        ),
        College(
            name: "Quinnipiac University",
            city: "Hamden",
            state: "CT",
            latitude: 41.4190,
            longitude: -72.8940,
            students: 9_000,
            division: "D1",
            conference: "MAAC"
        ),
        College(
            name: "Azusa Pacific University",
            city: "Azusa",
            state: "CA",
            latitude: 34.1300,
            longitude: -117.8880,
            students: 9_000,
            division: "D2",
            conference: "PacWest"
        ),
        College(
            name: "Université Laval",
            city: "Québec",
            state: "QC",
            latitude: 46.7817,
            longitude: -71.2747,
            students: 43_000,
            division: "NAIA",
            conference: "U SPORTS"
        ),
    ]

    static let firstNames = [
        "James", "María", "José", "Zoë", "Liam", "Aaliyah", "Noah", "Chloé", "Mateo", "Sofía", "Ethan", "Amélie",
        "Darnell", "Priya", "Björn", "Hiroshi", "Keiko", "Dmitri", "Nikolaos", "Siobhán", "Oluwaseun", "Mei",
        "Juan Pablo",
        "François", "Grace", "Tomás", "Anaïs", "Kwame", "Ingrid", "Raúl",
    ]

    static let lastNames = [
        "Smith", "García", "Johnson", "Núñez", "O'Brien", "Williams", "Müller", "Brown", "Nguyễn", "Kowalski",
        "Davis", "Łukasiewicz", "Martínez", "Anderson", "Papadopoulos", "Ivanov", "Thompson", "Okafor", "Suzuki",
        "Hernández", "Clark", "Lefèvre", "Smith, Jr.", "Robinson", "D'Angelo", "Walker", "Kim", "Björk",
    ]

    static let familySurnames = [
        "Rivera", "Chen", "Patel", "Johnson", "Okafor", "Kowalski", "Haddad", "Nakamura", "Fischer", "Moreau",
        "Silva", "Ivanova", "O'Connor", "Schmidt", "Rossi", "Andersson", "Dubois", "Kim", "Mensah", "Novak",
    ]

    static let timezones = [
        "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Phoenix",
        "America/Anchorage", "Pacific/Honolulu", "America/Puerto_Rico",
    ]

    /// A metric the demo records: a registry key (docs/metrics.md), the unit the app stores, a
    /// plausible range and the places the app keeps.
    struct MetricKind {
        let type: String
        let unit: String?
        let range: ClosedRange<Double>
        let places: Int
    }

    /// The metrics of a sport, its headline stat first.
    static func metrics(sport: String) -> [MetricKind] {
        switch sport {
        case "Football":
            [
                MetricKind(type: "forty_time", unit: "sec", range: 4.45...5.2, places: 2),
                MetricKind(type: "vertical_jump", unit: "in", range: 24...36, places: 1),
                MetricKind(type: "bench_press", unit: "reps", range: 8...25, places: 0),
                MetricKind(type: "shuttle", unit: "sec", range: 4.0...4.8, places: 2),
            ]
        default:
            [
                MetricKind(type: "velocity", unit: "mph", range: 76...94, places: 1),
                MetricKind(type: "exit_velo", unit: "mph", range: 78...98, places: 1),
                MetricKind(type: "batting_avg", unit: nil, range: 0.22...0.42, places: 3),
                MetricKind(type: "sixty_time", unit: "sec", range: 6.4...7.6, places: 2),
                MetricKind(type: "pop_time", unit: "sec", range: 1.85...2.2, places: 2),
                MetricKind(type: "era", unit: nil, range: 1.2...5.5, places: 2),
            ]
        }
    }

    static let metricSources = [
        "Perfect Game", "Prep Baseball Report", "Team practice", "Showcase", "Coach's stopwatch",
    ]

    /// Text that breaks careless writers: accents, other scripts, emoji, separators,
    /// quotes, line breaks, and leading characters that spreadsheets read as formulas.
    static let hostile = [
        "José Núñez said: \"come visit\"",
        "東京大学の練習を見学",
        "감독님과 통화 — 좋은 반응",
        "Отличная встреча с тренером",
        "Ελληνικά: καλή επικοινωνία",
        "🏈 Great camp! 🎉🔥",
        "Smith, Jr. called back, twice",
        "Line one\nLine two\r\nLine three",
        "=HYPERLINK(\"http://example.invalid\",\"click\")",
        "+1 555 0100 ext. 7",
        "-5 degrees at the showcase",
        "@coach_handle replied",
        "\tTabbed note",
        " leading and trailing spaces ",
        "Zoë's 'quoted' remark; semi;colons",
        "Ünïcödé ñ ç ø å ß",
    ]

    static let pros = [
        "Great academics", "Close to home", "Strong program", "Coach knows me", "Beautiful campus",
        "Good scholarship, \"maybe\"", "Near the beach 🏖️",
    ]
    static let cons = [
        "Far from home", "Expensive", "Cold winters ❄️", "Large roster", "Unknown coaching staff", "=cmd|' /C calc'!A0",
    ]
}
