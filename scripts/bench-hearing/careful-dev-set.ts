// The DEVELOPMENT set (decision 0175): written before the recipe's variants were measured, used with CALIBRATION
// to choose among them (dev-recipe.ts), never HELD_OUT. Same shape as careful-sets.ts.
import type { CarefulJob } from './careful-sets';

export const DEVELOPMENT: CarefulJob[] = [
  {
    job: {
      title: 'Antique Furniture Restorer',
      description:
        'Restore antique chairs, chests and tables for a small workshop: repair loose joints with hide glue, match veneer, strip and rebuild French polish and keep a condition record for every piece.',
      skills: [
        { name: 'French polishing', description: 'Shellac, pad work, burnishing a finish without brush marks' },
        { name: 'Veneer repair', description: 'Matching grain, patching, cauls and hot hide glue' },
      ],
      customQuestions: ['How do you decide what to keep of an old finish?', 'Tell me about a hard repair.'],
      candidateTools: ['West Dean College', 'Chichester', 'Liberon', 'Festool', 'Bristol', 'Lie-Nielsen'],
    },
    answers: [
      {
        text: 'At West Dean College I learned French polishing on a walnut card table with a cracked top.',
        jobTerms: ['French polishing'],
        candidateTerms: ['West Dean College'],
      },
      {
        text: 'I keep as much of the old finish as I can and I only clean it with a soft wax.',
        jobTerms: ['finish'],
        candidateTerms: [],
      },
      {
        text: 'The hardest repair was a chest of drawers where the veneer had lifted along every edge.',
        jobTerms: ['veneer'],
        candidateTerms: [],
      },
      {
        text: 'I warm the hide glue in a small pot and clamp the patch with cauls overnight.',
        jobTerms: ['hide glue', 'cauls'],
        candidateTerms: [],
      },
      {
        text: 'For sanding I use a Festool extractor so the dust never reaches the finished pieces.',
        jobTerms: [],
        candidateTerms: ['Festool'],
      },
      {
        text: 'I moved from Bristol to Chichester three years ago to work in a bigger workshop near the sea.',
        jobTerms: ['workshop'],
        candidateTerms: ['Bristol', 'Chichester'],
      },
      {
        text: 'Every piece gets a condition record with photographs before I loosen a single joint.',
        jobTerms: ['condition record'],
        candidateTerms: [],
      },
      {
        text: 'My favorite plane is a Lie-Nielsen block plane and I sharpen it every morning.',
        jobTerms: [],
        candidateTerms: ['Lie-Nielsen'],
      },
    ],
  },
  {
    job: {
      title: 'Wildlife Documentary Editor',
      description:
        'Cut natural history films from hundreds of hours of footage: build the story of an animal, lay a temp score, work with the narrator script and deliver a locked cut for color grading and sound mix.',
      skills: [
        { name: 'Story editing', description: 'Finding a narrative in observational footage, pacing, structure' },
        { name: 'Avid Media Composer', description: 'Bins, multicam, conform and turnover to the online edit' },
      ],
      customQuestions: ['How do you find a story in a year of footage?', 'How do you work with a director?'],
      candidateTools: ['Silverback Films', 'Nairobi', 'DaVinci Resolve', 'Frame.io', 'Kenya', 'Glasgow'],
    },
    answers: [
      {
        text: 'I log every clip first and I look for the moment where the animal makes a choice.',
        jobTerms: ['animal'],
        candidateTerms: [],
      },
      {
        text: 'At Silverback Films I edited a sequence about lions hunting at night with thermal cameras.',
        jobTerms: [],
        candidateTerms: ['Silverback Films'],
      },
      {
        text: 'In Avid Media Composer I keep one bin per day of shooting and a bin for the best moments.',
        jobTerms: ['Avid Media Composer', 'bin'],
        candidateTerms: [],
      },
      {
        text: 'We shared rough cuts with the director on Frame.io and she left notes on every shot.',
        jobTerms: ['director'],
        candidateTerms: ['Frame.io'],
      },
      {
        text: 'I spent two months in Nairobi working beside the camera team during the rainy season in Kenya.',
        jobTerms: [],
        candidateTerms: ['Nairobi', 'Kenya'],
      },
      {
        text: 'A temp score helps me find the pacing but I keep it quiet so the narrator can breathe.',
        jobTerms: ['temp score', 'narrator'],
        candidateTerms: [],
      },
      {
        text: 'Before the locked cut goes to color grading I check every frame for dust and flashes.',
        jobTerms: ['locked cut', 'color grading'],
        candidateTerms: [],
      },
      {
        text: 'At home in Glasgow I grade my own short films in DaVinci Resolve on a small monitor.',
        jobTerms: [],
        candidateTerms: ['Glasgow', 'DaVinci Resolve'],
      },
    ],
  },
];
