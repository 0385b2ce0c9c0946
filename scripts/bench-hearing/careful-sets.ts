// The careful pass's sets (decision 0173), written before any measurement. CALIBRATION is where the
// word-confidence threshold and the assessment's share of sure words are chosen; HELD_OUT is only
// measured, never tuned on. Each interview is one job answered by one candidate whose profile words
// (`candidateTools`) the job text never has. `jobTerms` / `candidateTerms`: the words of each kind an
// answer says (all of their words must be heard right to count).
import type { JobText } from '../../apps/server/src/interview/recognition/job-model';

export type CarefulAnswer = { text: string; jobTerms: string[]; candidateTerms: string[] };
export type CarefulJob = { job: JobText & { candidateTools: string[] }; answers: CarefulAnswer[] };

export const CALIBRATION: CarefulJob[] = [
  {
    job: {
      title: 'Ceramics Studio Technician',
      description:
        'Keep a busy community pottery studio running: mix glazes from raw materials, load and fire the gas kiln and the electric kilns, reclaim clay and maintain the pottery wheels and the slab roller.',
      skills: [
        { name: 'Glaze chemistry', description: 'Mixing glazes from recipes, test tiles, food safe surfaces' },
        { name: 'Kiln firing', description: 'Bisque and glaze firings, reduction in the gas kiln, cones' },
      ],
      customQuestions: ['How do you load a kiln for a glaze firing?', 'Tell me about a glaze that went wrong.'],
      candidateTools: ['Penland School', 'Asheville', 'Shimpo', 'Skutt', 'Glazy', 'Peter Pugger'],
    },
    answers: [
      {
        text: 'I load the glaze firing with the tall pots on the bottom shelf and I always check the cones first.',
        jobTerms: ['glaze firing', 'cones'],
        candidateTerms: [],
      },
      {
        text: 'At Penland School I mixed every glaze from raw materials and kept the recipes in a shared notebook.',
        jobTerms: ['glaze', 'raw materials'],
        candidateTerms: ['Penland School'],
      },
      {
        text: 'One celadon came out cloudy because the reduction started too late in the gas kiln.',
        jobTerms: ['reduction', 'gas kiln'],
        candidateTerms: [],
      },
      {
        text: 'I repaired two Shimpo wheels last winter when the pedals stopped working in the cold.',
        jobTerms: [],
        candidateTerms: ['Shimpo'],
      },
      {
        text: 'Our clay reclaim goes through a Peter Pugger so students get soft clay again the next morning.',
        jobTerms: ['clay', 'reclaim'],
        candidateTerms: ['Peter Pugger'],
      },
      {
        text: 'I moved to Asheville for the studios and I teach a beginner class on Thursday evenings.',
        jobTerms: [],
        candidateTerms: ['Asheville'],
      },
      {
        text: 'Before a new glaze goes on the shelf I fire test tiles and check that it is food safe.',
        jobTerms: ['test tiles', 'food safe'],
        candidateTerms: [],
      },
      {
        text: 'I share my recipes on Glazy and I program the Skutt controllers for slow cooling.',
        jobTerms: [],
        candidateTerms: ['Glazy', 'Skutt'],
      },
    ],
  },
  {
    job: {
      title: 'Wedding Photographer',
      description:
        'Photograph weddings from the getting ready to the last dance. Work with a second shooter, use off camera flash at receptions and deliver edited galleries within six weeks.',
      skills: [
        { name: 'Off camera flash', description: 'Lighting receptions and dark venues' },
        { name: 'Photo editing', description: 'Culling and editing galleries in Lightroom' },
      ],
      customQuestions: ['How do you plan the day with a couple?', 'How do you light a dark reception hall?'],
      candidateTools: ['Capture One', 'Fujifilm', 'Lisbon', 'Sintra', 'Profoto', 'Pixieset'],
    },
    answers: [
      {
        text: 'I meet every couple a month before and we plan the day hour by hour with the second shooter.',
        jobTerms: ['second shooter'],
        candidateTerms: [],
      },
      {
        text: 'In a dark reception hall I bounce off camera flash from the corner so the dancing looks natural.',
        jobTerms: ['reception', 'off camera flash'],
        candidateTerms: [],
      },
      {
        text: 'I shoot on Fujifilm bodies because they are quiet during the ceremony.',
        jobTerms: ['ceremony'],
        candidateTerms: ['Fujifilm'],
      },
      {
        text: 'Most of my weddings were in Lisbon and Sintra where the light is soft in the late afternoon.',
        jobTerms: ['weddings'],
        candidateTerms: ['Lisbon', 'Sintra'],
      },
      {
        text: 'I cull in Lightroom and do the final editing in Capture One to keep the skin tones warm.',
        jobTerms: ['Lightroom', 'editing'],
        candidateTerms: ['Capture One'],
      },
      {
        text: 'Galleries go out on Pixieset within five weeks and the couple can order prints from there.',
        jobTerms: ['galleries'],
        candidateTerms: ['Pixieset'],
      },
      {
        text: 'For group photos I carry two Profoto heads and a light stand that fits in my backpack.',
        jobTerms: [],
        candidateTerms: ['Profoto'],
      },
      {
        text: 'When it rains I move the portraits under a porch and I tell the couple it will look romantic.',
        jobTerms: [],
        candidateTerms: [],
      },
    ],
  },
];

export const HELD_OUT: CarefulJob[] = [
  {
    job: {
      title: 'Botanical Illustrator',
      description:
        'Draw plants for a field guide and a herbarium: graphite studies and watercolor plates from living specimens and pressed herbarium sheets, accurate to the botanist’s notes.',
      skills: [
        { name: 'Watercolor', description: 'Layered washes on hot press paper, dry brush detail' },
        { name: 'Scientific accuracy', description: 'Dissections, scale bars and the botanist’s notes' },
      ],
      customQuestions: ['How do you work from a pressed specimen?', 'How do you check a plate is accurate?'],
      candidateTools: ['Royal Botanic Garden Edinburgh', 'Arches', 'Winsor and Newton', 'Procreate', 'Missouri'],
    },
    answers: [
      {
        text: 'When I work from a pressed specimen I soak a flower in warm water so I can see the petals again.',
        jobTerms: ['pressed specimen'],
        candidateTerms: [],
      },
      {
        text: 'At the Royal Botanic Garden Edinburgh I drew mosses for three years with a microscope beside me.',
        jobTerms: [],
        candidateTerms: ['Royal Botanic Garden Edinburgh'],
      },
      {
        text: 'I build the watercolor in thin washes on hot press paper and add the veins with a dry brush.',
        jobTerms: ['watercolor', 'hot press paper', 'dry brush'],
        candidateTerms: [],
      },
      {
        text: 'Every plate gets a scale bar and I ask the botanist to check the dissections before I paint.',
        jobTerms: ['scale bar', 'botanist', 'dissections'],
        candidateTerms: [],
      },
      {
        text: 'I buy Arches paper by the roll and my paints are mostly Winsor and Newton tubes.',
        jobTerms: [],
        candidateTerms: ['Arches', 'Winsor and Newton'],
      },
      {
        text: 'I grew up in Missouri and I learned to draw wild flowers on long walks with my grandmother.',
        jobTerms: [],
        candidateTerms: ['Missouri'],
      },
      {
        text: 'For quick sketches in the field I use Procreate and then I redraw them in graphite at home.',
        jobTerms: ['graphite'],
        candidateTerms: ['Procreate'],
      },
      {
        text: 'A herbarium sheet loses its color so I compare it with photos of living plants from the same region.',
        jobTerms: ['herbarium'],
        candidateTerms: [],
      },
    ],
  },
  {
    job: {
      title: 'Sound Designer for Mobile Games',
      description:
        'Create sound effects and ambience for casual mobile games: record foley, design interface sounds, implement everything in FMOD or Wwise and keep the mix clear on phone speakers.',
      skills: [
        { name: 'Audio middleware', description: 'FMOD and Wwise events, parameters and banks' },
        { name: 'Foley recording', description: 'Footsteps, cloth and props recorded and edited' },
      ],
      customQuestions: ['How do you make a sound work on a phone speaker?', 'Walk me through a foley session.'],
      candidateTools: ['Reaper', 'Helsinki', 'Rovio', 'Soundly', 'Zoom recorder'],
    },
    answers: [
      {
        text: 'For a foley session I record footsteps on gravel and wood and I wear soft clothes so nothing rustles.',
        jobTerms: ['foley', 'footsteps'],
        candidateTerms: [],
      },
      {
        text: 'I worked at Rovio in Helsinki for four years on puzzle games with millions of players.',
        jobTerms: [],
        candidateTerms: ['Rovio', 'Helsinki'],
      },
      {
        text: 'Every event goes into FMOD with a parameter for speed so the engine sound follows the car.',
        jobTerms: ['FMOD', 'parameter'],
        candidateTerms: [],
      },
      {
        text: 'On a phone speaker the low end disappears so I add a little distortion to keep the punch.',
        jobTerms: ['phone speaker'],
        candidateTerms: [],
      },
      {
        text: 'I edit everything in Reaper and I search my library in Soundly before I record anything new.',
        jobTerms: [],
        candidateTerms: ['Reaper', 'Soundly'],
      },
      {
        text: 'In Wwise I keep the banks small because the whole game has to download in under a minute.',
        jobTerms: ['Wwise', 'banks'],
        candidateTerms: [],
      },
      {
        text: 'I carry a Zoom recorder everywhere and I once recorded a whole market at dawn for ambience.',
        jobTerms: ['ambience'],
        candidateTerms: ['Zoom recorder'],
      },
      {
        text: 'The interface sounds should be short and friendly and they should never tire the player.',
        jobTerms: ['interface sounds'],
        candidateTerms: [],
      },
    ],
  },
  {
    job: {
      title: 'Letterpress Printer',
      description:
        'Print wedding invitations and business cards on our Vandercook press: make polymer plates, mix ink to a color swatch, keep registration tight and finish with die cutting.',
      skills: [
        { name: 'Press operation', description: 'Vandercook proof press, packing, inking and registration' },
        { name: 'Ink mixing', description: 'Mixing ink by weight to match a color swatch' },
      ],
      customQuestions: ['How do you keep registration tight?', 'How do you match an ink color?'],
      candidateTools: ['Heidelberg Windmill', 'Baltimore', 'Crane Lettra', 'Adobe Illustrator', 'Etsy'],
    },
    answers: [
      {
        text: 'I keep registration tight by printing a proof on thin paper and moving the plate a hair at a time.',
        jobTerms: ['registration', 'plate'],
        candidateTerms: [],
      },
      {
        text: 'I learned on a Heidelberg Windmill in Baltimore at a shop that printed posters for concerts.',
        jobTerms: [],
        candidateTerms: ['Heidelberg Windmill', 'Baltimore'],
      },
      {
        text: 'To match a color swatch I mix the ink by weight on a glass slab and write down every gram.',
        jobTerms: ['color swatch', 'ink'],
        candidateTerms: [],
      },
      {
        text: 'On the Vandercook I adjust the packing so the letters bite into the paper without breaking it.',
        jobTerms: ['Vandercook', 'packing'],
        candidateTerms: [],
      },
      {
        text: 'Most couples choose Crane Lettra because it is soft and it holds a deep impression.',
        jobTerms: [],
        candidateTerms: ['Crane Lettra'],
      },
      {
        text: 'I draw the layouts in Adobe Illustrator and then I send the files out for polymer plates.',
        jobTerms: ['polymer plates'],
        candidateTerms: ['Adobe Illustrator'],
      },
      {
        text: 'I sold greeting cards on Etsy for six years before I started printing for other people.',
        jobTerms: [],
        candidateTerms: ['Etsy'],
      },
      {
        text: 'Die cutting comes last and I always run a few spare cards in case one tears.',
        jobTerms: ['die cutting'],
        candidateTerms: [],
      },
    ],
  },
];
