// A second held-out set, written before any measurement. Its answers are as long as candidates give them in a
// real interview (three to five sentences, about 45-70 words each, ~20 s of speech), so the speaker transform
// has an interview's worth of speech. Measured only, never tuned on.
import type { CarefulJob } from './careful-sets';

export const HELD_OUT_LONG: CarefulJob[] = [
  {
    job: {
      title: 'Bookbinder and Book Conservator',
      description:
        'Repair and rebind old books for a library and private collectors: sew text blocks, reback leather spines, mend torn pages with Japanese tissue and wheat starch paste, and build clamshell boxes.',
      skills: [
        {
          name: 'Hand bookbinding',
          description: 'Sewing signatures, rounding and backing, covering in cloth and leather',
        },
        { name: 'Paper repair', description: 'Japanese tissue, wheat starch paste, washing and flattening pages' },
      ],
      customQuestions: [
        'How do you decide whether to rebind or repair a book?',
        'Tell me about the most damaged book you have saved.',
      ],
      candidateTools: ['North Bennet Street School', 'Boston', 'Harmatan', 'Talas', 'Hewit', 'Folger'],
    },
    answers: [
      {
        text: 'When a customer brings me a book, I first look at what is still original and what still works. If the sewing is sound and only the boards are loose, I repair it and keep as much of the old binding as I can. I only rebind when the text block is falling apart, because a new binding erases part of the history of the object.',
        jobTerms: ['sewing', 'rebind', 'text block'],
        candidateTerms: [],
      },
      {
        text: 'I trained for two years at North Bennet Street School in Boston, which is one of the last places in the country that still teaches full time bookbinding. We spent the first months only sewing and folding paper. By the end I had bound about forty books, including a full leather binding with gold tooling on the spine.',
        jobTerms: ['bookbinding', 'leather'],
        candidateTerms: ['North Bennet Street School', 'Boston'],
      },
      {
        text: 'The most damaged book I have saved was a family bible that had been stored in a wet basement for years. Half the pages were stuck together and the spine had crumbled. I washed the pages one at a time, dried them between felts, and then mended every tear with Japanese tissue before I sewed it again.',
        jobTerms: ['Japanese tissue', 'spine'],
        candidateTerms: [],
      },
      {
        text: 'For covering I mostly use goatskin from Harmatan, because it pares thin and it takes dye evenly. For cheaper jobs I use book cloth, which is honestly fine for a cookbook that gets used in a kitchen every day. I keep a small stock of both in colors that match older bindings, mostly browns and a deep red.',
        jobTerms: ['cloth'],
        candidateTerms: ['Harmatan'],
      },
      {
        text: 'My paste is always wheat starch paste that I cook fresh on the stove every morning, because it stays reversible and it does not yellow. I strain it through a fine cloth so there are no lumps. Anything I add to a book should come off again with a little water, so the next conservator can undo my work.',
        jobTerms: ['wheat starch paste', 'conservator'],
        candidateTerms: [],
      },
      {
        text: 'I order most of my tools and thread from Talas, and my finishing leathers from Hewit when I need something special. I also keep a drawer full of old bone folders that I bought at estate sales. Good tools matter, but honestly a sharp knife and patience do most of the work.',
        jobTerms: [],
        candidateTerms: ['Talas', 'Hewit'],
      },
      {
        text: 'Before I started working on my own, I spent three years in the conservation lab at the Folger, which is a research library. I worked mostly on early printed books and some bound manuscripts. I learned to write a treatment report for every object, with photographs before and after, so that anyone could see exactly what had been changed.',
        jobTerms: ['library'],
        candidateTerms: ['Folger'],
      },
      {
        text: 'For a fragile book that should not be handled much, I build a clamshell box out of board and cloth, measured to the book so it cannot slide around. I start by flattening any cockled pages under light weights. A good box protects a book better than any repair, and collectors are usually happy to pay for one.',
        jobTerms: ['clamshell box', 'flattening', 'collectors'],
        candidateTerms: [],
      },
    ],
  },
  {
    job: {
      title: 'Stained Glass Artist',
      description:
        'Design and build stained glass windows for churches and homes: draw the full size cartoon, cut and paint glass, fire painted pieces in the kiln, and assemble panels with lead came and solder.',
      skills: [
        { name: 'Glass painting', description: 'Vitreous paints, tracing lines, matting and firing' },
        { name: 'Leaded glass', description: 'Cutting, leading up, soldering joints and cementing panels' },
      ],
      customQuestions: ['How do you repair an old window that is bowing?', 'How do you choose glass for a design?'],
      candidateTools: ['Kokomo', 'Lamberts', 'Reusche', 'Tiffany', 'Chartres', 'Pittsburgh'],
    },
    answers: [
      {
        text: 'I always start with the full size cartoon, drawn on paper exactly the size of the opening. From the cartoon I trace the cut lines onto a second sheet and number every piece. That way, when I am cutting glass late in the afternoon and I am tired, I never have to guess which piece goes where.',
        jobTerms: ['full size cartoon', 'cutting'],
        candidateTerms: [],
      },
      {
        text: 'For antique style windows I like mouth blown glass from Lamberts, because the little bubbles and streaks catch the light. For more modern work I use Kokomo, which has wonderful opal colors. I hold every sheet up to the window in the studio, since a color looks completely different with daylight behind it.',
        jobTerms: ['windows'],
        candidateTerms: ['Lamberts', 'Kokomo'],
      },
      {
        text: 'When an old window is bowing, the lead came has usually gone soft and the cement has dried out. I take the panel out, make a rubbing, and then I either flatten it slowly with gentle weight or I take it apart and relead the whole thing. Usually I can save almost all of the original glass.',
        jobTerms: ['bowing', 'lead came', 'panel'],
        candidateTerms: [],
      },
      {
        text: 'My trace paints are mostly from Reusche, mixed with water and a little gum arabic. I lay the tracing lines first, fire them, and then put a thin matting over the whole piece and brush out the highlights. Faces take the longest, sometimes three or four firings before the eyes look alive.',
        jobTerms: ['tracing lines', 'matting'],
        candidateTerms: ['Reusche'],
      },
      {
        text: 'I spent a summer in Chartres looking at the cathedral windows with binoculars every single day. What stayed with me was how much dark blue they used, and how it makes the reds feel warmer. I still think about those blues every time I choose glass for a new commission.',
        jobTerms: ['choose glass'],
        candidateTerms: ['Chartres'],
      },
      {
        text: 'Before I opened my own studio, I restored windows for a church supply company in Pittsburgh. Most of the work was cleaning and releading, with a few new commissions each year. My boss had trained with a craftsman who worked for Tiffany, so I learned the old way of wrapping copper foil around opalescent glass.',
        jobTerms: ['church'],
        candidateTerms: ['Pittsburgh', 'Tiffany'],
      },
      {
        text: 'When I solder, I keep the iron hot and I move fast so the joints are smooth and round, not flat blobs. Then I push cement under the leads with a stiff brush and clean it off with whiting. After a day the panel is strong enough to stand up and carry.',
        jobTerms: ['solder', 'joints'],
        candidateTerms: [],
      },
      {
        text: 'In the kiln I fire painted pieces on a bed of fine plaster, and I never rush the cooling, because a fast cool can crack a large piece. I keep a notebook for every firing with the temperature and the hold time. It seems boring, but that notebook has saved me many times.',
        jobTerms: ['kiln', 'painted pieces'],
        candidateTerms: [],
      },
    ],
  },
  {
    job: {
      title: 'Podcast Audio Editor',
      description:
        'Edit weekly interview podcasts for a small network: clean up dialogue, remove filler words and breaths, balance loudness between hosts and guests, and deliver mastered episodes with music beds and show notes.',
      skills: [
        { name: 'Dialogue editing', description: 'Noise reduction, cutting filler, smooth room tone' },
        { name: 'Mixing and mastering', description: 'Loudness targets, compression, music beds under speech' },
      ],
      customQuestions: [
        'How do you handle a guest recorded on a bad laptop microphone?',
        'What does a finished episode sound like to you?',
      ],
      candidateTools: ['Adobe Audition', 'Descript', 'Riverside', 'Auphonic', 'Shure', 'Minneapolis'],
    },
    answers: [
      {
        text: 'When a guest shows up on a bad laptop microphone, I first ask the host to record a short test so we hear it early. If it is still bad on the day, I run gentle noise reduction and cut some of the boomy low end. I would rather keep a little hiss than make the voice sound underwater.',
        jobTerms: ['laptop microphone', 'noise reduction'],
        candidateTerms: [],
      },
      {
        text: 'I do almost all of my editing in Adobe Audition, because the spectral view lets me see clicks and mouth noises. For quick rough cuts, some hosts like to work in Descript and edit the transcript like a document. Then they send me the project and I clean up the details they missed.',
        jobTerms: ['clean up'],
        candidateTerms: ['Adobe Audition', 'Descript'],
      },
      {
        text: 'Filler words are tricky, because if you remove every single one, the host sounds like a robot. I cut the ones that break a thought, and I leave the ones that sound natural. Breaths are the same, I shorten them rather than delete them, and I fill gaps with room tone so nothing sounds chopped.',
        jobTerms: ['filler words', 'breaths', 'room tone'],
        candidateTerms: [],
      },
      {
        text: 'Most of the shows I work on now are recorded on Riverside, which gives me a separate track for every person. That makes my life much easier than the old days of one phone call recording. I can balance loudness between hosts and guests track by track before I even start the real edit.',
        jobTerms: ['loudness', 'hosts and guests'],
        candidateTerms: ['Riverside'],
      },
      {
        text: 'For me, a finished episode sounds like two people talking in the same quiet room, even if they were on different continents. The music beds sit under the speech without fighting it. Nobody should ever have to touch the volume knob while driving, from the cold open to the last goodbye.',
        jobTerms: ['finished episode', 'music beds'],
        candidateTerms: [],
      },
      {
        text: 'I started out at a public radio station in Minneapolis, cutting tape for a morning news show. That job taught me to edit fast and to respect the speaker. Later I moved to freelance podcast work, and now I edit about six weekly shows from a converted closet in my apartment.',
        jobTerms: ['podcast', 'weekly'],
        candidateTerms: ['Minneapolis'],
      },
      {
        text: 'For the final master I run everything through Auphonic as a second check on the loudness targets. I usually aim a little quieter than the big shows so the compression does not pump. I listen to every episode once on cheap earbuds, because that is how most people will actually hear it.',
        jobTerms: ['loudness targets', 'compression'],
        candidateTerms: ['Auphonic'],
      },
      {
        text: 'My own microphone is an old Shure that I bought used, and I record the intros for two of the shows myself. I also write the show notes with timestamps and links, since hosts never have time for that. It is small work, but listeners really do read them.',
        jobTerms: ['show notes'],
        candidateTerms: ['Shure'],
      },
    ],
  },
];
